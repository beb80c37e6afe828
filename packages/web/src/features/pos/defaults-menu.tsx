import { posMessages } from '@almoner/contracts';
import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconDeviceFloppy, IconEraser } from '@tabler/icons-react';
import { toast } from '../../components/toast.ts';
import { api } from '../../lib/api.ts';
import type { PosOrder } from './pos-types.ts';
import { messageOf } from './use-pos-order.ts';

/** Defaults: keep this contribution's settings for the next ones, or forget them. */
export function DefaultsMenu({ order }: { order: PosOrder | null }) {
  async function saveDefaults() {
    if (!order) {
      toast.error(posMessages.noDefaultsToSave);
      return;
    }
    await api<{ message: string }>('/jpanel/pos/defaults/save', {
      method: 'POST',
      body: { order_id: order.id },
    }).then(
      (answer) => toast.success(answer.message),
      (error: unknown) => toast.error(messageOf(error)),
    );
  }

  async function clearDefaults() {
    await api<{ message: string }>('/jpanel/pos/defaults/clear', { method: 'POST', body: {} }).then(
      (answer) => toast.success(answer.message),
      (error: unknown) => toast.error(messageOf(error)),
    );
  }

  return (
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
        <Menu.Item leftSection={<IconEraser size={16} />} onClick={() => void clearDefaults()}>
          Clear defaults
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
