import {
  hasSegmentItems,
  SPONSEE_SEGMENT_TEXT_MAX,
  type SponseeDetail,
  type SponseeFormOptions,
  type SponseeSegmentInput,
} from '@almoner/contracts';
import { MultiSelect, Select, SimpleGrid, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import type { UseFormReturnType } from '@mantine/form';

type Options = SponseeFormOptions;
/** One field per segment, in the order form_options.json gives; ids as strings for the inputs. */
export type SegmentValue = { segment_id: number; item_ids: string[]; value: string };
export type ChoiceValues = { payment_option_group_id: string; segments: SegmentValue[] };

/** The form's starting values: the sponsee's group and segment values, one row per offered segment. */
export function choiceValues(
  options: Options,
  groupId: number | null,
  current: SponseeDetail['segment_values'],
): ChoiceValues {
  const offered = new Set(options.payment_groups.map((g) => g.id));
  return {
    payment_option_group_id: groupId !== null && offered.has(groupId) ? String(groupId) : '',
    segments: options.segments.map((s) => {
      const saved = current.find((v) => v.segment_id === s.id);
      return { segment_id: s.id, item_ids: (saved?.item_ids ?? []).map(String), value: saved?.value ?? '' };
    }),
  };
}

/** What the server takes: the group id or null, and every offered segment (the full set). */
export function choiceBody(options: Options, values: ChoiceValues) {
  return {
    payment_option_group_id: values.payment_option_group_id ? Number(values.payment_option_group_id) : null,
    segments: values.segments.map((v, i): SponseeSegmentInput => {
      const type = options.segments[i]?.type ?? 'text';
      return hasSegmentItems(type)
        ? { segment_id: v.segment_id, item_ids: v.item_ids.map(Number) }
        : { segment_id: v.segment_id, value: v.value || null };
    }),
  };
}

const NONE = 'none';

/** The payment option group select ("None" clears it) and one labelled field per segment. */
export function SegmentFields<V extends ChoiceValues>({ form, options }: { form: UseFormReturnType<V>; options: Options }) {
  // The form holds more than these two fields; its paths are typed loosely by Mantine anyway.
  const f = form as unknown as UseFormReturnType<ChoiceValues>;
  const groups = [{ value: NONE, label: 'None' }, ...options.payment_groups.map((g) => ({ value: String(g.id), label: g.name }))];
  const group = f.getInputProps('payment_option_group_id');
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <Select
        label="Payment options"
        data={groups}
        allowDeselect={false}
        value={f.values.payment_option_group_id || NONE}
        onChange={(v) => f.setFieldValue('payment_option_group_id', v && v !== NONE ? v : '')}
        error={group.error}
        comboboxProps={{ withinPortal: true }}
      />
      {options.segments.map((s, i) => {
        const path = `segments.${i}` as const;
        if (hasSegmentItems(s.type)) {
          const input = f.getInputProps(`${path}.item_ids`);
          return (
            <MultiSelect
              key={s.id}
              label={s.name}
              data={s.items.map((item) => ({ value: String(item.id), label: item.name }))}
              searchable
              clearable
              clearButtonProps={{ 'aria-label': `Clear ${s.name}` }}
              comboboxProps={{ withinPortal: true }}
              {...input}
            />
          );
        }
        if (s.type === 'date') {
          const value = f.values.segments[i]?.value ?? '';
          return (
            <DateInput
              key={s.id}
              label={s.name}
              valueFormat="MMM D, YYYY"
              previousLabel="Previous month"
              nextLabel="Next month"
              clearable
              clearButtonProps={{ 'aria-label': `Clear ${s.name}` }}
              popoverProps={{ withinPortal: true }}
              value={value || null}
              onChange={(v) => f.setFieldValue(`${path}.value`, v ?? '')}
              error={f.getInputProps(`${path}.value`).error}
            />
          );
        }
        return <TextInput key={s.id} label={s.name} maxLength={SPONSEE_SEGMENT_TEXT_MAX} {...f.getInputProps(`${path}.value`)} />;
      })}
    </SimpleGrid>
  );
}
