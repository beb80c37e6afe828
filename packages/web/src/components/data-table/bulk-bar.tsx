import { messages } from '@almoner/contracts';
import { Anchor, Button, Group, Menu, Paper, Text } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../lib/api.ts';
import { alert, confirm } from '../dialogs.tsx';
import { toast } from '../toast.ts';
import { saveDownload } from './save-download.ts';
import type { Selection } from './selection.ts';
import { type ListingParams, listingBody } from './use-listing.ts';

export type BulkAction = {
  label: string;
  endpoint: string;
  /** Sent as `action` (e.g. the batch kind). */
  action?: string;
  /** Further fields sent with the request (e.g. `{ mark: 'fulfilled' }`). */
  params?: Record<string, string>;
  confirm: (count: string) => string;
  danger?: boolean;
  /** The answer is a file to save rather than a message. */
  download?: string;
};

type Props = {
  actions: BulkAction[];
  selection: Selection;
  count: number;
  matching: number;
  capped: boolean;
  pageFullySelected: boolean;
  onSelectAll: () => void;
  onClear: () => void;
  listingParams: ListingParams;
};

const number = new Intl.NumberFormat('en-US');

/**
 * Bulk actions on the selected rows, or on every row matching the filter. Each is confirmed
 * first. With nothing selected the actions wait in one quiet "Bulk actions" menu (issue 41: a bar
 * of red Delete and Void buttons over a list nobody had chosen from read as a warning); choosing
 * one there still answers the spec's 'There are no items selected.'
 */
export function BulkBar({ actions, selection, count, matching, capped, pageFullySelected, onSelectAll, onClear, listingParams }: Props) {
  const queryClient = useQueryClient();
  const [running, setRunning] = useState<string | null>(null);
  const countText = selection.mode === 'all' ? `all ${number.format(matching)}${capped ? '+' : ''} matching rows` : `${number.format(count)} selected ${count === 1 ? 'row' : 'rows'}`;

  const run = async (action: BulkAction) => {
    const target = selection.mode === 'all' ? { all: true, ...listingBody(listingParams) } : { ids: [...selection.ids] };
    const body = { ...target, ...(action.action ? { action: action.action } : {}), ...action.params };
    setRunning(action.label);
    try {
      if (action.download) {
        // A download that also changed the rows (letters sent) says so; the selection is done with.
        const message = await saveDownload(action.endpoint, { name: action.download, body });
        if (message) {
          toast.success(message);
          onClear();
        }
      } else {
        const answer = await api<{ message?: string }>(action.endpoint, { method: 'POST', body });
        toast.success(answer?.message ?? 'Done.');
        onClear();
      }
      await queryClient.invalidateQueries({ queryKey: ['listing'] });
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    } finally {
      setRunning(null);
    }
  };

  const handleClick = async (action: BulkAction) => {
    if (count === 0 && selection.mode === 'ids') {
      await alert({ title: action.label, message: messages.noItemsSelected });
      return;
    }
    const confirmed = await confirm({ title: action.label, message: action.confirm(countText), confirmLabel: action.label, danger: action.danger });
    if (confirmed) await run(action);
  };

  if (count === 0 && selection.mode === 'ids')
    return (
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed">
          Select rows to act on several at once.
        </Text>
        <Menu position="bottom-end">
          <Menu.Target>
            <Button size="xs" variant="default" rightSection={<IconChevronDown size={14} />}>
              Bulk actions
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {actions.map((action) => (
              <Menu.Item key={action.label} onClick={() => void handleClick(action)}>
                {action.label}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      </Group>
    );

  return (
    <Paper withBorder p="xs" radius="md" bg="var(--mantine-color-teal-light)">
      <Group justify="space-between" gap="xs">
        <Group gap="xs">
          <Text size="sm" fw={500}>
            {`${countText[0]?.toUpperCase()}${countText.slice(1)}`}
          </Text>
          {pageFullySelected && selection.mode === 'ids' && matching > count && (
            // Body text colour, underlined: the link colour on the teal bar is below 4.5:1 contrast.
            <Anchor component="button" type="button" size="sm" c="var(--mantine-color-text)" underline="always" fw={500} onClick={onSelectAll}>
              Select all {number.format(matching)}
              {capped ? '+' : ''} rows matching this filter
            </Anchor>
          )}
          <Anchor component="button" type="button" size="sm" c="dimmed" onClick={onClear}>
            Clear selection
          </Anchor>
        </Group>
        <Group gap={6}>
          {actions.map((action) => (
            <Button key={action.label} size="xs" variant={action.danger ? 'light' : 'default'} color={action.danger ? 'red' : undefined} loading={running === action.label} onClick={() => void handleClick(action)}>
              {action.label}
            </Button>
          ))}
        </Group>
      </Group>
    </Paper>
  );
}
