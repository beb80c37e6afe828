import { Group, Loader, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBuilding, IconUser } from '@tabler/icons-react';
import { useState } from 'react';
import { supporterName, useSupporter, useSupporterOptions } from './api.ts';

type Props = {
  /** The picked supporter's id, as held in the URL. */
  value: string | undefined;
  onChange: (id: string | undefined) => void;
  label?: string;
  /** For a form field rather than a filter (sponsor modal): its own placeholder, error, full width. */
  placeholder?: string;
  error?: string | undefined;
  required?: boolean;
  fullWidth?: boolean;
  /** In a grid cell (gift batches): the label is spoken, not shown, and the picker fills the cell. */
  compact?: boolean;
  /** Extra attributes for the input (a grid marks its fields to move between them). */
  inputProps?: Record<string, unknown>;
  /** A supporter the caller already knows by name (a batch row's), so it is not looked up. */
  named?: { value: string; label: string } | null;
};

/**
 * Finds a supporter by name, email, phone or CRM id (`/jpanel/supporters.json?query=`). A
 * supporter picked elsewhere (a deep link) is named from their record.
 */
export function SupporterPicker({ value, onChange, label = 'Supporter', placeholder = 'Anyone', error, required, fullWidth, compact, inputProps, named }: Props) {
  const [search, setSearch] = useState('');
  // The name of the one just picked, so picking does not look the supporter up again.
  const [picked, setPicked] = useState<{ value: string; label: string } | null>(null);
  const known = value && picked?.value === value ? picked.label : value && named?.value === value ? named.label : undefined;
  const record = useSupporter(value && !known ? Number(value) : null);
  const selectedLabel = known ?? (record.data ? supporterName(record.data.supporter) : value ? `Supporter #${value}` : '');

  const [debounced] = useDebouncedValue(search, 300);
  const query = debounced === selectedLabel ? '' : debounced;
  const options = useSupporterOptions(query);
  const found = query.trim().length >= 2 ? (options.data ?? []) : [];

  const data = found.map((o) => ({ value: String(o.id), label: o.display_name }));
  if (value && !data.some((o) => o.value === value)) data.unshift({ value, label: selectedLabel });
  const details = new Map(found.map((o) => [String(o.id), o]));

  return (
    <Select
      {...inputProps}
      label={compact ? undefined : label}
      aria-label={compact ? label : undefined}
      placeholder={placeholder}
      error={error}
      required={required}
      searchable
      clearable
      value={value ?? null}
      data={data}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(next, option) => {
        setPicked(next ? { value: next, label: option.label } : null);
        onChange(next ?? undefined);
      }}
      filter={({ options: all }) => all}
      // In a grid the list opens as the cell takes focus: an empty hint there would be a list with no options.
      nothingFoundMessage={search.trim().length < 2 ? (compact ? undefined : 'Type a name or email') : options.isFetching ? 'Searching…' : 'No supporter found'}
      rightSection={options.isFetching ? <Loader size={14} /> : undefined}
      renderOption={({ option }) => {
        const o = details.get(option.value);
        const Icon = o?.icon === 'building' ? IconBuilding : IconUser;
        return (
          <Group gap="xs" wrap="nowrap">
            <Icon size={16} opacity={0.6} aria-hidden />
            <Stack gap={0} miw={0}>
              <Text size="sm" truncate>
                {option.label}
              </Text>
              {o?.email && (
                <Text size="xs" c="dimmed" truncate>
                  {o.email}
                </Text>
              )}
            </Stack>
          </Group>
        );
      }}
      comboboxProps={{ width: 300, position: 'bottom-start' }}
      w={fullWidth || compact ? '100%' : { base: '100%', sm: 200 }}
    />
  );
}
