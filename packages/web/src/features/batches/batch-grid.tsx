import { type BatchDetail, type BatchDesignation } from '@almoner/contracts';
import { Table, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { toast } from '../../components/toast.ts';
import { ApiError } from '../../lib/api.ts';
import { useCampaignChoices } from '../campaigns/api.ts';
import { attributionValue } from '../campaigns/attribution-select.tsx';
import { useBatchAction } from './api.ts';
import { bodyOf, type Draft, draftOf, GiftRow } from './gift-row.tsx';

/** Server field names to the row's (a currency refusal shows on the amount). */
const rowErrors = (errors: Record<string, string[]>) => Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, v[0] ?? '']));

/**
 * The fast grid of an open batch: its gifts, each editable in place, and a blank row at the end
 * that starts from the last gift's type, fund and day, so a run of cheques is typed without the mouse.
 */
export function BatchGrid({ batch, designations, today }: { batch: BatchDetail; designations: BatchDesignation[]; today: string }) {
  const action = useBatchAction(batch.id);
  // A new key gives a fresh blank row after each add (and focuses it).
  const [round, setRound] = useState(0);
  const last = batch.gifts.at(-1);
  const blank: Draft = {
    supporter_id: undefined,
    amount: '',
    payment_type: last?.payment_type ?? 'check',
    check_number: '',
    variant_id: last ? String(last.variant_id) : designations.length === 1 ? String(designations[0]!.variant_id) : '',
    received_on: last?.received_on ?? today,
    note: '',
    attribution: last ? (attributionValue(last) ?? '') : '',
  };
  const campaigns = useCampaignChoices().data ?? [];

  const run = async (work: Parameters<typeof action.mutateAsync>[0]): Promise<Record<string, string> | null> => {
    try {
      await action.mutateAsync(work);
      return null;
    } catch (error) {
      if (error instanceof ApiError && error.errors) {
        toast.error(error.message);
        return rowErrors(error.errors);
      }
      toast.error(error instanceof Error ? error.message : 'The gift could not be saved. Please try again.');
      return {};
    }
  };

  return (
    <Table.ScrollContainer minWidth={1220}>
      <Table verticalSpacing={4} aria-label="Gifts in this batch">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={36}>#</Table.Th>
            <Table.Th>Supporter</Table.Th>
            <Table.Th>Amount</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Cheque no.</Table.Th>
            <Table.Th>Fund</Table.Th>
            <Table.Th>Campaign</Table.Th>
            <Table.Th>Received</Table.Th>
            <Table.Th>Note</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {batch.gifts.map((g, i) => (
            <GiftRow
              key={g.id}
              number={i + 1}
              gift={g}
              initial={draftOf(g)}
              designations={designations}
              campaigns={campaigns}
              busy={false}
              onSave={(draft) => run({ kind: 'update', giftId: g.id, body: bodyOf(draft, batch.currency_code) })}
              onRemove={() => {
                action.mutateAsync({ kind: 'remove', giftId: g.id }).then(
                  (answer) => toast.success(answer.message),
                  (error: unknown) => toast.error(error instanceof Error ? error.message : 'The gift could not be removed. Please try again.'),
                );
              }}
            />
          ))}
          <GiftRow
            key={`new-${round}`}
            number={batch.gifts.length + 1}
            gift={null}
            initial={blank}
            designations={designations}
            campaigns={campaigns}
            busy={action.isPending}
            autoFocus={round > 0}
            onSave={async (draft) => {
              const refused = await run({ kind: 'add', body: bodyOf(draft, batch.currency_code) });
              if (!refused) setRound((r) => r + 1);
              return refused;
            }}
          />
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
