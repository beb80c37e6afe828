import { posMessages } from '@almoner/contracts';
import { Button, Group, Menu, Select, Title } from '@mantine/core';
import { IconChevronDown, IconClockPause, IconDeviceFloppy, IconEraser, IconPlus } from '@tabler/icons-react';
import { confirm } from '../../components/dialogs.tsx';
import { toast } from '../../components/toast.ts';
import { api } from '../../lib/api.ts';
import type { PosConfig } from './pos-types.ts';
import { messageOf, type PosOrderState } from './use-pos-order.ts';

/** Posts one of the defaults' actions and says how it went in a toast. */
async function defaultsAction(path: string, body: Record<string, unknown>) {
  await api<{ message: string }>(path, { method: 'POST', body }).then(
    (answer) => toast.success(answer.message),
    (error: unknown) => toast.error(messageOf(error)),
  );
}

/** The point of sale's header: currency, open sales, a new contribution and the saved defaults. */
export function PosToolbar({ config, pos, onOpenSales }: { config: PosConfig; pos: PosOrderState; onOpenSales: () => void }) {
  const order = pos.order;

  async function saveDefaults() {
    if (!order) toast.error(posMessages.noDefaultsToSave);
    else await defaultsAction('/jpanel/pos/defaults/save', { order_id: order.id });
  }

  async function startOver() {
    const setAside =
      !order?.items.length ||
      (await confirm({
        title: 'Start a new contribution?',
        message: 'This contribution will be set aside: find it under Open sales to resume or discard it.',
        confirmLabel: 'Start new',
        danger: true,
      }));
    if (setAside) pos.clear();
  }

  return (
    <Group justify="space-between" mb="md" wrap="wrap" gap="sm">
      <Title order={2}>Point of sale</Title>
      <Group gap="sm">
        <Select
          aria-label="Currency"
          w={110}
          data={config.currencies.map((c) => ({ value: c.code, label: `${c.code} ${c.symbol}` }))}
          value={pos.currency}
          onChange={(code) => code && void pos.setCurrency(code)}
          allowDeselect={false}
          disabled={pos.busy}
        />
        <Button variant="default" leftSection={<IconClockPause size={16} />} onClick={onOpenSales}>
          Open sales
        </Button>
        <Button variant="default" leftSection={<IconPlus size={16} />} onClick={() => void startOver()} disabled={!order}>
          New contribution
        </Button>
        <Menu position="bottom-end">
          <Menu.Target>
            <Button variant="default" rightSection={<IconChevronDown size={14} />}>
              Defaults
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconDeviceFloppy size={16} />} onClick={() => void saveDefaults()}>
              Save defaults
            </Menu.Item>
            <Menu.Item leftSection={<IconEraser size={16} />} onClick={() => void defaultsAction('/jpanel/pos/defaults/clear', {})}>
              Clear defaults
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Group>
  );
}
