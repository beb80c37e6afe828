import { Select, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { DateRangeFilter, type FilterFormProps } from '../../components/data-table/index.ts';
import { FilterPanel, countActive, one } from '../contributions/filter-panel.tsx';

export type FilterSpec =
  | { kind: 'dates'; label: string }
  | { kind: 'select'; name: string; label: string; options: { value: string; label: string }[]; placeholder?: string }
  | { kind: 'text'; name: string; label: string; placeholder?: string };

const CURRENCIES = ['USD', 'CAD', 'GBP', 'EUR', 'AUD', 'NZD', 'JPY'];
export const currencyFilter: FilterSpec = { kind: 'select', name: 'currency', label: 'Currency', options: CURRENCIES.map((c) => ({ value: c, label: c })) };

/** A report's filter form from a list of fields: a date range, choices and short text. */
export function reportFilters(specs: FilterSpec[]) {
  return function ReportFilters({ values, onChange }: FilterFormProps): ReactNode {
    const set = (name: string, value: string | undefined) => onChange({ ...values, [name]: value });
    return (
      <FilterPanel active={countActive(values)} onReset={() => onChange({})}>
        {specs.map((spec) =>
          spec.kind === 'dates' ? (
            <DateRangeFilter key="dates" label={spec.label} from={one(values.from)} to={one(values.to)} onChange={(from, to) => onChange({ ...values, from, to })} />
          ) : spec.kind === 'select' ? (
            <Select
              key={spec.name}
              label={spec.label}
              placeholder={spec.placeholder ?? 'Any'}
              data={spec.options}
              value={one(values[spec.name]) ?? null}
              onChange={(v) => set(spec.name, v ?? undefined)}
              clearable
              w={{ base: '100%', sm: 170 }}
            />
          ) : (
            <TextInput
              key={spec.name}
              label={spec.label}
              placeholder={spec.placeholder}
              defaultValue={one(values[spec.name]) ?? ''}
              onKeyDown={(e) => e.key === 'Enter' && set(spec.name, e.currentTarget.value.trim() || undefined)}
              onBlur={(e) => set(spec.name, e.currentTarget.value.trim() || undefined)}
              w={{ base: '100%', sm: 150 }}
            />
          ),
        )}
      </FilterPanel>
    );
  };
}
