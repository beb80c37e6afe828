import { Select } from '@mantine/core';
import { useTags } from './api.ts';

/** The supporters list's tag filter: one tag, by name. */
export function TagFilter({ value, onChange }: { value: string | undefined; onChange: (tagId: string | undefined) => void }) {
  const tags = useTags();
  return (
    <Select
      label="Tag"
      placeholder="Any"
      data={(tags.data?.data ?? []).map((t) => ({ value: String(t.id), label: t.name }))}
      value={value ?? null}
      onChange={(id) => onChange(id ?? undefined)}
      searchable
      clearable
      w={{ base: '100%', sm: 160 }}
    />
  );
}
