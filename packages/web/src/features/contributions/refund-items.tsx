import { formatAmount, formatDate } from '@almoner/contracts';
import { List, Text } from '@mantine/core';
import type { RefundItem } from './api.ts';

const lineLabel = (line: RefundItem) =>
  line.recurring_transaction_id !== null
    ? `Recurring charge of ${formatDate(line.charged_at)}`
    : `${line.description ?? `Item #${String(line.contribution_item_id)}`}${line.gl_code ? ` (GL ${line.gl_code})` : ''}`;

/**
 * What a partial refund gave back, item by item, so staff can trace it to designations. A refund
 * with no lines covered the whole payment and shows nothing here.
 */
export function RefundItems({ items, currency, refundId }: { items: RefundItem[]; currency: string; refundId: number }) {
  if (items.length === 0) return null;
  const labelId = `refund-${refundId}-covered`;
  return (
    <>
      <Text size="xs" c="dimmed" id={labelId} mt={2}>
        Covered:
      </Text>
      <List size="xs" spacing={0} aria-labelledby={labelId} listStyleType="none">
        {items.map((line) => (
          <List.Item key={line.id}>
            <Text size="xs" span>
              {lineLabel(line)} · {formatAmount(line.amount, currency)}
            </Text>
          </List.Item>
        ))}
      </List>
    </>
  );
}
