import type { ExportStatus } from '@almoner/contracts';
import { Anchor, Button, Group, Progress, Text } from '@mantine/core';
import { IconFileExport } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useCan } from '../../app/session.ts';
import { type SortEntry, useListingState } from '../../components/data-table/listing-state.ts';
import { toast } from '../../components/toast.ts';
import { api } from '../../lib/api.ts';

type Props = { list: string; permission: string; defaultOrder: SortEntry[] };

/**
 * Exports every row the list shows now (its filters, search and sort; no cap) as a background
 * job: the button starts it, a bar shows its progress, then a link downloads the file.
 */
export function ExportJobButton({ list, permission, defaultOrder }: Props) {
  const can = useCan();
  const { order, search, filters } = useListingState(defaultOrder);
  const [id, setId] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const status = useQuery({
    queryKey: ['list-export', id],
    queryFn: () => api<ExportStatus>(`/jpanel/exports/${id}`),
    enabled: id !== null,
    // Polls until the job is finished one way or the other.
    refetchInterval: (query) => (query.state.data && ['done', 'failed'].includes(query.state.data.state) ? false : 1000),
  });
  if (!can(permission)) return null;

  const start = async () => {
    setStarting(true);
    try {
      const params = { order, search: { value: search }, ...filters };
      const started = await api<ExportStatus>('/jpanel/exports', { method: 'POST', body: { list, params } });
      setId(started.id);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    } finally {
      setStarting(false);
    }
  };

  const current = status.data;
  const running = id !== null && (!current || current.state === 'waiting' || current.state === 'running');
  return (
    <Group gap="sm" wrap="nowrap">
      {running && (
        <Group gap={6} wrap="nowrap" w={180}>
          <Progress value={current?.progress ?? 0} animated style={{ flex: 1 }} aria-label="Export progress" />
          <Text size="xs" c="dimmed">
            {current?.progress ?? 0}%
          </Text>
        </Group>
      )}
      {current?.state === 'done' && current.download_url && (
        <Anchor href={current.download_url} download={current.filename} size="sm">
          Download {current.filename} ({current.rows?.toLocaleString('en-US')} rows)
        </Anchor>
      )}
      {current?.state === 'failed' && (
        <Text size="sm" c="red">
          {current.message}
        </Text>
      )}
      <Button variant="default" leftSection={<IconFileExport size={16} />} loading={starting || running} onClick={() => void start()}>
        Background export
      </Button>
    </Group>
  );
}
