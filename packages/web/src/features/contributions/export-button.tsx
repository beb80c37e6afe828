import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { type SortEntry, useListingState } from '../../components/data-table/listing-state.ts';
import { exportQuery } from '../../components/data-table/use-listing.ts';

type Props = { url: string; defaultOrder: SortEntry[]; pageSize: number };

/**
 * "Export CSV" for a page header: the same rows the table shows (filters, search and sort from
 * the URL, every page), so it can sit beside the title instead of crowding the filter row.
 */
export function ExportCsvButton({ url, defaultOrder, pageSize }: Props) {
  const { order, search, filters } = useListingState(defaultOrder);
  const href = `${url}?${exportQuery({ page: 1, pageSize, order, search, filters })}`;
  return (
    <Button component="a" href={href} download variant="default" leftSection={<IconDownload size={16} />}>
      Export CSV
    </Button>
  );
}
