import { dateRangePresets, presetRange } from '@almoner/contracts';
import { DatePickerInput } from '@mantine/dates';

type Props = { label: string; from?: string | undefined; to?: string | undefined; onChange: (from: string | undefined, to: string | undefined) => void };

/** A from–to day range with the spec's presets (part 2 §9). Values are 'YYYY-MM-DD'. */
export function DateRangeFilter({ label, from, to, onChange }: Props) {
  const presets = dateRangePresets.map((p) => ({ label: p.label, value: presetRange(p.value) as [string, string] }));
  return (
    <DatePickerInput
      type="range"
      label={label}
      placeholder="Any date"
      clearable
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
