import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState, type MouseEvent } from 'react';
import { useCan } from '../../app/session.ts';
import { saveDownload } from '../../components/data-table/index.ts';
import { type SortEntry, useListingState } from '../../components/data-table/listing-state.ts';
import { exportQuery } from '../../components/data-table/use-listing.ts';
import { toast } from '../../components/toast.ts';

/** `permission` is the one the CSV route checks: without it there is no button to click. */
type Props = { url: string; permission: string; defaultOrder: SortEntry[]; pageSize: number };

/**
 * "Export CSV" for a page header: the same rows the table shows (filters, search and sort from
 * the URL, every page), so it can sit beside the title instead of crowding the filter row.
 * It stays a link (its address can be copied), but a click fetches the file first so that a
 * refusal shows the server's message instead of a silent failed download.
 */
export function ExportCsvButton({ url, permission, defaultOrder, pageSize }: Props) {
  const can = useCan();
  const { order, search, filters } = useListingState(defaultOrder);
  const [busy, setBusy] = useState(false);
  if (!can(permission)) return null;
  const href = `${url}?${exportQuery({ page: 1, pageSize, order, search, filters })}`;

  const handleClick = async (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    setBusy(true);
    try {
      await saveDownload(href);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button component="a" href={href} download variant="default" leftSection={<IconDownload size={16} />} loading={busy} onClick={(e) => void handleClick(e)}>
      Export CSV
    </Button>
  );
}
