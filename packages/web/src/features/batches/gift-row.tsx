import { type BatchDesignation, type BatchGiftInput, type BatchGiftRow, type BatchPaymentType, type CampaignChoice, batchPaymentTypeLabels } from '@almoner/contracts';
import { attributionOptions, attributionValue } from '../campaigns/attribution-select.tsx';
import { ActionIcon, Group, NativeSelect, Table, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconTrash } from '@tabler/icons-react';
import { type KeyboardEvent, useState } from 'react';
import { SupporterPicker } from '../supporters/supporter-picker.tsx';

/** What a row holds while it is typed: text as typed, sent as the API's `batchGiftSchema`. */
export type Draft = {
  supporter_id: string | undefined;
  amount: string;
  payment_type: BatchPaymentType;
  check_number: string;
  variant_id: string;
  received_on: string;
  note: string;
  /** "a:{appeal}", "c:{campaign}" or "" (none), as the campaign column's choice. */
  attribution: string;
};

export const draftOf = (g: BatchGiftRow): Draft => ({
  supporter_id: g.supporter ? String(g.supporter.id) : undefined,
  amount: String(g.amount),
  payment_type: g.payment_type,
  check_number: g.check_number ?? '',
  variant_id: String(g.variant_id),
  received_on: g.received_on,
  note: g.note ?? '',
  attribution: attributionValue(g) ?? '',
});

/** The choice as the API takes it: an appeal brings its campaign (the server resolves it). */
const attributionBody = (value: string) =>
  value.startsWith('a:') ? { appeal_id: Number(value.slice(2)) } : value.startsWith('c:') ? { campaign_id: Number(value.slice(2)), appeal_id: null } : { campaign_id: null, appeal_id: null };

export const bodyOf = (d: Draft, currency: string): BatchGiftInput => ({
  supporter_id: d.supporter_id ? Number(d.supporter_id) : null,
  amount: d.amount.trim().replace(/,/g, ''),
  currency_code: currency,
  payment_type: d.payment_type,
  check_number: d.payment_type === 'check' ? d.check_number : '',
  variant_id: d.variant_id ? Number(d.variant_id) : null,
  received_on: d.received_on,
  note: d.note,
  ...attributionBody(d.attribution),
});

type Props = {
  number: number;
  gift: BatchGiftRow | null;
  initial: Draft;
  designations: BatchDesignation[];
  campaigns: CampaignChoice[];
  /** Saves the row; answers the server's field errors when it refuses. */
  onSave: (draft: Draft) => Promise<Record<string, string> | null>;
  onRemove?: (() => void) | undefined;
  autoFocus?: boolean;
  busy: boolean;
};

const FIELD = { 'data-grid-field': true } as const;

/**
 * One gift of the grid. Enter moves to the next field; on the last field (or the save button)
 * it saves the row, and the grid then moves to the next row. A picker with its list open
 * keeps Enter for choosing.
 */
export function GiftRow({ number, gift, initial, designations, campaigns, onSave, onRemove, autoFocus, busy }: Props) {
  const [draft, setDraft] = useState<Draft>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState<Draft>(initial);
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const label = gift ? `gift ${number}` : 'new gift';

  const save = async () => {
    const refused = await onSave(draft);
    setErrors(refused ?? {});
    if (!refused) setSaved(draft);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLTableRowElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target as HTMLElement;
    if (target.getAttribute('aria-expanded') === 'true' || target.tagName === 'BUTTON') return;
    const fields = [...event.currentTarget.querySelectorAll<HTMLElement>('[data-grid-field]:not(:disabled)')];
    const index = fields.indexOf(target);
    if (index < 0) return;
    event.preventDefault();
    event.stopPropagation();
    const next = fields[index + 1];
    if (next) next.focus();
    else void save();
  };

  return (
    <Table.Tr onKeyDownCapture={handleKeyDown} aria-label={gift ? `Gift ${number}` : 'New gift'} bg={dirty && gift ? 'var(--mantine-color-yellow-light)' : undefined}>
      <Table.Td c="dimmed">{gift ? number : '+'}</Table.Td>
      <Table.Td w={230} miw={220}>
        <SupporterPicker
          compact
          label={`Supporter, ${label}`}
          placeholder={draft.payment_type === 'cash' ? 'Anonymous' : 'Find supporter'}
          value={draft.supporter_id}
          onChange={(v) => set('supporter_id', v)}
          error={errors.supporter_id}
          named={gift?.supporter ? { value: String(gift.supporter.id), label: gift.supporter.name } : null}
          inputProps={{ ...FIELD, 'data-autofocus': autoFocus || undefined, autoFocus }}
        />
      </Table.Td>
      <Table.Td w={100}>
        <TextInput {...FIELD} aria-label={`Amount, ${label}`} inputMode="decimal" value={draft.amount} onChange={(e) => set('amount', e.currentTarget.value)} error={errors.amount ?? errors.currency_code} />
      </Table.Td>
      <Table.Td w={112} miw={104}>
        <NativeSelect
          {...FIELD}
          aria-label={`Payment type, ${label}`}
          data={(['check', 'cash'] as const).map((t) => ({ value: t, label: batchPaymentTypeLabels[t] }))}
          value={draft.payment_type}
          onChange={(e) => set('payment_type', e.currentTarget.value === 'cash' ? 'cash' : 'check')}
        />
      </Table.Td>
      <Table.Td w={110}>
        <TextInput
          {...FIELD}
          aria-label={`Cheque number, ${label}`}
          disabled={draft.payment_type === 'cash'}
          value={draft.payment_type === 'cash' ? '' : draft.check_number}
          onChange={(e) => set('check_number', e.currentTarget.value)}
          error={errors.check_number}
          maxLength={45}
        />
      </Table.Td>
      <Table.Td w={190} miw={170}>
        <NativeSelect
          {...FIELD}
          aria-label={`Fund, ${label}`}
          data={[{ value: '', label: 'Choose a fund' }, ...designations.map((d) => ({ value: String(d.variant_id), label: d.label }))]}
          value={draft.variant_id}
          onChange={(e) => set('variant_id', e.currentTarget.value)}
          error={errors.variant_id}
        />
      </Table.Td>
      <Table.Td w={180} miw={160}>
        <NativeSelect
          {...FIELD}
          aria-label={`Campaign, ${label}`}
          data={[{ value: '', label: 'No campaign' }, ...attributionOptions(campaigns)]}
          value={draft.attribution}
          onChange={(e) => set('attribution', e.currentTarget.value)}
          error={errors.appeal_id ?? errors.campaign_id}
        />
      </Table.Td>
      <Table.Td w={150} miw={140}>
        <TextInput {...FIELD} type="date" aria-label={`Date received, ${label}`} value={draft.received_on} onChange={(e) => set('received_on', e.currentTarget.value)} error={errors.received_on} />
      </Table.Td>
      <Table.Td>
        <TextInput {...FIELD} aria-label={`Note, ${label}`} value={draft.note} onChange={(e) => set('note', e.currentTarget.value)} error={errors.note} maxLength={1000} />
      </Table.Td>
      <Table.Td w={80}>
        <Group gap={4} wrap="nowrap">
          <Tooltip label={gift ? 'Save changes' : 'Add gift'}>
            <ActionIcon variant="subtle" aria-label={gift ? `Save ${label}` : 'Add gift'} onClick={() => void save()} loading={busy} disabled={gift !== null && !dirty}>
              <IconCheck size={16} />
            </ActionIcon>
          </Tooltip>
          {onRemove && (
            <Tooltip label="Remove">
              <ActionIcon variant="subtle" color="red" aria-label={`Remove ${label}`} onClick={onRemove}>
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
