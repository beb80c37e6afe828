import { Checkbox, Group, Select, Stack, TextInput } from '@mantine/core';
import type { PosProduct } from './pos-types.ts';

export type Tribute = { on: boolean; type: string; name: string };

type Props = {
  types: PosProduct['tribute_types'];
  value: Tribute;
  onChange: (tribute: Tribute) => void;
};

/** "Give this in tribute", and once ticked its type and the person honoured or remembered. */
export function TributeFields({ types, value: tribute, onChange }: Props) {
  return (
    <Stack gap="xs">
      <Checkbox
        label="Give this in tribute"
        checked={tribute.on}
        onChange={(event) => onChange({ ...tribute, on: event.currentTarget.checked })}
      />
      {tribute.on && (
        <Group grow>
          <Select
            label="Tribute type"
            data={types.map((t) => ({ value: String(t.id), label: t.label }))}
            value={tribute.type || null}
            onChange={(v) => onChange({ ...tribute, type: v ?? '' })}
            comboboxProps={{ withinPortal: true }}
          />
          <TextInput
            label="In honour or memory of"
            maxLength={100}
            value={tribute.name}
            onChange={(event) => onChange({ ...tribute, name: event.currentTarget.value })}
          />
        </Group>
      )}
    </Stack>
  );
}
