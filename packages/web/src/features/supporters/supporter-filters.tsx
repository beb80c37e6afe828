import { supporterStatuses } from '@almoner/contracts';
import { Select, TextInput } from '@mantine/core';
import { useOrgToday } from '../../app/session.ts';
import { DateRangeFilter, type FilterFormProps } from '../../components/data-table/index.ts';
import { AmountInput } from '../contributions/contribution-filters.tsx';
import { FilterPanel, countActive, one } from '../contributions/filter-panel.tsx';
import { TagFilter } from '../tags/tag-filter.tsx';

const recurringStatuses = [
  { value: 'Active', label: 'Active' },
  { value: 'Suspended', label: 'Suspended' },
  { value: 'Cancelled', label: 'Cancelled' },
  { value: 'Expired', label: 'Expired' },
];

/** Opted in, with an address, not "do not contact", not deceased. */
const canEmailChoices = [
  { value: '1', label: 'Yes' },
  { value: '0', label: 'No' },
];

/** The years a "gave in" filter offers: the organisation's this year and the fifteen before it, newest first. */
const recentYears = (today: string | undefined) => {
  if (!today) return [];
  const now = Number(today.slice(0, 4));
  return Array.from({ length: 16 }, (_, i) => String(now - i));
};

/** The supporters listing's filter form; "Active" is the default status, so it is not stored. */
export function SupporterFilters({ values, onChange }: FilterFormProps) {
  const set = (change: Record<string, string | string[] | undefined>) => onChange({ ...values, ...change });
  const today = useOrgToday();
  return (
    <FilterPanel active={countActive(values)} onReset={() => onChange({})}>
      <Select
        label="Status"
        data={supporterStatuses}
        value={one(values.status) ?? 'active'}
        onChange={(status) => set({ status: status === 'active' || !status ? undefined : status })}
        allowDeselect={false}
        w={{ base: '100%', sm: 130 }}
      />
      <DateRangeFilter label="Created" from={one(values.from)} to={one(values.to)} onChange={(from, to) => set({ from, to })} />
      <Select
        label="Recurring profile"
        placeholder="Any"
        data={recurringStatuses}
        value={one(values.recurring) ?? null}
        onChange={(recurring) => set({ recurring: recurring ?? undefined })}
        clearable
        w={{ base: '100%', sm: 160 }}
      />
      <Select
        label="Can e-mail"
        placeholder="Any"
        data={canEmailChoices}
        value={one(values.can_email) ?? null}
        onChange={(can_email) => set({ can_email: can_email ?? undefined })}
        clearable
        w={{ base: '100%', sm: 130 }}
      />
      <TagFilter value={one(values.tag_id)} onChange={(tag_id) => set({ tag_id })} />
      <TextInput
        key={one(values.membership_number) ?? ''}
        label="Membership no."
        placeholder="Any"
        defaultValue={one(values.membership_number) ?? ''}
        maxLength={45}
        onKeyDown={(e) => e.key === 'Enter' && set({ membership_number: e.currentTarget.value.trim() || undefined })}
        onBlur={(e) => (e.currentTarget.value.trim() || undefined) !== one(values.membership_number) && set({ membership_number: e.currentTarget.value.trim() || undefined })}
        w={{ base: '100%', sm: 140 }}
      />
      <DateRangeFilter label="Last gift" from={one(values.last_gift_from)} to={one(values.last_gift_to)} onChange={(last_gift_from, last_gift_to) => set({ last_gift_from, last_gift_to })} />
      <AmountInput label="Lifetime from" value={one(values.lifetime_min)} onCommit={(lifetime_min) => set({ lifetime_min })} width={120} />
      <AmountInput label="Lifetime to" value={one(values.lifetime_max)} onCommit={(lifetime_max) => set({ lifetime_max })} width={120} />
      <Select
        label="Gave in"
        placeholder="Any year"
        data={recentYears(today)}
        value={one(values.gave_in_year) ?? null}
        onChange={(gave_in_year) => set({ gave_in_year: gave_in_year ?? undefined })}
        clearable
        w={{ base: '100%', sm: 110 }}
      />
      <Select
        label="But not in"
        placeholder="Any year"
        data={recentYears(today)}
        value={one(values.not_in_year) ?? null}
        onChange={(not_in_year) => set({ not_in_year: not_in_year ?? undefined })}
        clearable
        w={{ base: '100%', sm: 110 }}
      />
    </FilterPanel>
  );
}
