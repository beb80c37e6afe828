import { useId } from 'react';
import { dateRangePresets, presetRange } from '@almoner/contracts';
import { DatePickerInput } from '@mantine/dates';
import { dayAsDate, useOrgToday } from '../../app/session.ts';

type Props = { label: string; from?: string | undefined; to?: string | undefined; onChange: (from: string | undefined, to: string | undefined) => void };

/** A from–to day range with the spec's presets (part 2 §9). Values are 'YYYY-MM-DD'. */
export function DateRangeFilter({ label, from, to, onChange }: Props) {
  // "Today" and the rest count from the organisation's today (no presets until the server says it).
  const today = useOrgToday();
  const presets = today ? dateRangePresets.map((p) => ({ label: p.label, value: presetRange(p.value, dayAsDate(today)) })) : [];
  // The calendar opens as a dialog labelled by its field: the popover must know the field's id
  // (Mantine gives the two different ids, and the dialog would have no name).
  const id = useId();
  return (
    <DatePickerInput
      id={id}
      popoverProps={{ id }}
      type="range"
      label={label}
      previousLabel="Previous month"
      nextLabel="Next month"
      // Days of the neighbouring months are drawn faint (2:1); leave them out instead.
      hideOutsideDates
      placeholder="Any date"
      clearable
      clearButtonProps={{ 'aria-label': `Clear ${label}` }}
      allowSingleDateInRange
      valueFormat="MMM D, YYYY"
      presets={presets}
      value={[from ?? null, to ?? null]}
      onChange={([start, end]) => {
        if (start && !end) return; // wait for the second click
        onChange(start ?? undefined, end ?? undefined);
      }}
      w={{ base: '100%', sm: 260 }}
    />
  );
}
