import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useCan } from '../../app/session.ts';
import { type SortEntry, useListingState } from '../../components/data-table/listing-state.ts';
import { exportQuery } from '../../components/data-table/use-listing.ts';

/** `permission` is the one the CSV route checks: without it there is no button to click. */
type Props = { url: string; permission: string; defaultOrder: SortEntry[]; pageSize: number };

/**
 * "Export CSV" for a page header: the same rows the table shows (filters, search and sort from
 * the URL, every page), so it can sit beside the title instead of crowding the filter row.
 */
export function ExportCsvButton({ url, permission, defaultOrder, pageSize }: Props) {
  const can = useCan();
  const { order, search, filters } = useListingState(defaultOrder);
  if (!can(permission)) return null;
  const href = `${url}?${exportQuery({ page: 1, pageSize, order, search, filters })}`;
  return (
    <Button component="a" href={href} download variant="default" leftSection={<IconDownload size={16} />}>
      Export CSV
    </Button>
  );
}
