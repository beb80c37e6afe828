import { contributionSources, contributionStatuses, paymentTypeOptions } from '@almoner/contracts';
import { Group, MultiSelect, NumberInput, Select } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';
import { DateRangeFilter, type FilterFormProps } from '../../components/data-table/index.ts';
import { SupporterPicker } from '../supporters/supporter-picker.tsx';
import { FilterPanel, countActive, many, one } from './filter-panel.tsx';

const frequencies = [
  { value: 'one_time', label: 'One-time' },
  { value: 'recurring', label: 'Recurring' },
];

/** An amount typed in dollars; the URL changes a second after typing stops, or on Enter/blur. */
export function AmountInput({ label, value, onCommit, width = 100 }: { label: string; value: string | undefined; onCommit: (v: string | undefined) => void; width?: number }) {
  const [text, setText] = useState<string | number>(value ?? '');
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setText(value ?? '');
  }
  const commit = (next: string | number) => {
    const normal = next === '' ? undefined : String(next);
    if (normal !== value) onCommit(normal);
  };
  const later = useDebouncedCallback(commit, 1000);
  return (
    <NumberInput
      label={label}
      placeholder="Any"
      prefix="$"
      min={0}
      decimalScale={2}
      thousandSeparator=","
      hideControls
      value={text}
      onChange={(next) => {
        setText(next);
        later(next);
      }}
      onBlur={() => {
        later.cancel();
        commit(text);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          later.cancel();
          commit(text);
        }
      }}
      w={{ base: 'auto', sm: width }}
      miw={0}
      flex={{ base: 1, sm: 'none' }}
    />
  );
}

/** The contributions listing's filter form (spec part 1 §2); every change writes the URL. */
export function ContributionFilters({ values, onChange }: FilterFormProps) {
  const set = (change: Record<string, string | string[] | undefined>) => onChange({ ...values, ...change });
  return (
    <FilterPanel active={countActive(values)} onReset={() => onChange({})}>
      <DateRangeFilter label="Date" from={one(values.from)} to={one(values.to)} onChange={(from, to) => set({ from, to })} />
      <Select
        label="Status"
        placeholder="Any status"
        data={contributionStatuses}
        value={one(values.status) ?? null}
        onChange={(status) => set({ status: status ?? undefined })}
        clearable
        w={{ base: '100%', sm: 150 }}
      />
      <MultiSelect
        label="Payment type"
        placeholder={many(values.payment_type).length ? undefined : 'Any type'}
        data={paymentTypeOptions}
        value={many(values.payment_type)}
        onChange={(types) => set({ payment_type: types })}
        clearable
        w={{ base: '100%', sm: 170 }}
      />
      <MultiSelect
        label="Source"
        placeholder={many(values.source).length ? undefined : 'Any source'}
        data={contributionSources}
        value={many(values.source)}
        onChange={(sources) => set({ source: sources })}
        clearable
        w={{ base: '100%', sm: 170 }}
      />
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <AmountInput label="Min amount" value={one(values.amount_min)} onCommit={(amount_min) => set({ amount_min })} />
        <AmountInput label="Max amount" value={one(values.amount_max)} onCommit={(amount_max) => set({ amount_max })} />
      </Group>
      <Select
        label="Frequency"
        placeholder="Any"
        data={frequencies}
        value={one(values.recurring) ?? null}
        onChange={(recurring) => set({ recurring: recurring ?? undefined })}
        clearable
        w={{ base: '100%', sm: 120 }}
      />
      <SupporterPicker value={one(values.supporter_id)} onChange={(supporter_id) => set({ supporter_id })} />
    </FilterPanel>
  );
}
