import { formatDate } from '@almoner/contracts';
import { Group, Select } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useId, useState } from 'react';
import type { Period } from './api.ts';
import { PERIOD_PRESETS, type PeriodPreset, presetOf, presetPeriod } from './period.ts';

/** `today`: the organisation's, which the presets count from. */
type Props = { period: Period; error: string | null; today: string; onChange: (period: Period) => void };

/** The period every chart covers: a preset, or any two days from the calendar. */
export function PeriodPicker({ period, error, today, onChange }: Props) {
  const id = useId();
  const preset = error ? null : presetOf(period, today);
  // The calendar's own value while the second day is not picked yet; the period otherwise.
  // It belongs to the period it was started from, so a new period (preset, Back) replaces it.
  const key = `${period.from}/${period.to}`;
  const [picking, setPicking] = useState<{ key: string; value: [string | null, string | null] } | null>(null);
  const shown: [string | null, string | null] =
    picking?.key === key ? picking.value : error ? [null, null] : [period.from, period.to];
  return (
    <Group align="flex-start" gap="sm">
      <Select
        label="Period"
        data={[...PERIOD_PRESETS, { value: 'custom', label: 'Custom dates' }]}
        value={preset ?? 'custom'}
        allowDeselect={false}
        onChange={(value) => {
          if (value && value !== 'custom') onChange(presetPeriod(value as PeriodPreset, today));
        }}
        w={180}
      />
      <DatePickerInput
        id={id}
        popoverProps={{ id }}
        type="range"
        label="Dates"
        previousLabel="Previous month"
        nextLabel="Next month"
        hideOutsideDates
        allowSingleDateInRange
        valueFormat="MMM D, YYYY"
        value={shown}
        placeholder={error ? 'Choose dates' : `${formatDate(period.from)} – ${formatDate(period.to)}`}
        error={error}
        onChange={([from, to]) => {
          setPicking(from && to ? null : { key, value: [from, to] });
          if (from && to) onChange({ from, to });
        }}
        w={{ base: '100%', sm: 280 }}
      />
    </Group>
  );
}
