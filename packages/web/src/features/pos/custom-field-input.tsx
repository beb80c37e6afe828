import { isValidEmail, posMessages } from '@almoner/contracts';
import { Checkbox, Select, Stack, Text, TextInput, Textarea, Typography } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import type { PosCustomField } from './pos-types.ts';
import { safeHtml } from './safe-html.ts';

export type FieldValue = string | string[] | boolean;

/** A field's starting value: its default, split into choices for a multi-select. */
export function initialFieldValue(field: PosCustomField): FieldValue {
  const value = field.default_value ?? '';
  if (field.type === 'multi-select')
    return value
      ? value
          .split(',')
          .map((v) => v.trim())
          .filter(Boolean)
      : [];
  if (field.type === 'check') return value === '1' || value.toLowerCase() === 'true';
  return value;
}

/** The item modal's checks of one answer (the server repeats them). */
export function fieldError(field: PosCustomField, value: FieldValue): string | null {
  if (field.type === 'html' || field.type === 'hidden') return null;
  if (field.type === 'multi-select')
    return field.isrequired && (value as string[]).length === 0
      ? posMessages.multiSelectRequired
      : null;
  if (field.type === 'check')
    return field.isrequired && value !== true ? posMessages.fieldRequired(field.name) : null;
  const text = String(value ?? '').trim();
  if (field.isrequired && !text) return posMessages.fieldRequired(field.name);
  if (field.type === 'email' && text && !isValidEmail(text, 255))
    return 'Enter a valid email address.';
  return null;
}

type Props = {
  field: PosCustomField;
  value: FieldValue;
  error?: string | null | undefined;
  onChange: (value: FieldValue) => void;
};

/** One custom field of a product, of any of the ten types (spec §2.2). */
export function CustomFieldInput({ field, value, error, onChange }: Props) {
  const common = { label: field.name, required: field.isrequired, error: error ?? undefined };
  switch (field.type) {
    case 'hidden':
      return null;
    case 'html':
      return (
        <Typography fz="sm">
          <div dangerouslySetInnerHTML={{ __html: safeHtml(field.body ?? '') }} />
        </Typography>
      );
    case 'select':
      return (
        <Select
          {...common}
          data={field.choices}
          value={(value as string) || null}
          onChange={(v) => onChange(v ?? '')}
          clearable={!field.isrequired}
          comboboxProps={{ withinPortal: true }}
        />
      );
    case 'multi-select':
      return (
        <Checkbox.Group {...common} value={value as string[]} onChange={onChange}>
          <Stack gap={6} mt={6}>
            {field.choices.map((choice) => (
              <Checkbox
                key={choice.value}
                value={choice.value}
                label={choice.label || choice.value}
              />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    case 'check':
      return (
        <Stack gap={2}>
          <Checkbox
            label={field.name}
            checked={value === true}
            onChange={(event) => onChange(event.currentTarget.checked)}
            error={error ?? undefined}
          />
        </Stack>
      );
    case 'date':
      return (
        <DateInput
          {...common}
          valueFormat="MMM D, YYYY"
          previousLabel="Previous month"
          nextLabel="Next month"
          clearable
          value={(value as string) || null}
          onChange={(v) => onChange(v ?? '')}
        />
      );
    case 'lg_text':
      return (
        <Textarea
          {...common}
          autosize
          minRows={3}
          maxLength={5000}
          value={value as string}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    case 'email':
    case 'phone':
    case 'text':
      return (
        <TextInput
          {...common}
          type={field.type === 'email' ? 'email' : field.type === 'phone' ? 'tel' : 'text'}
          maxLength={field.type === 'text' ? 5000 : 255}
          value={value as string}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    default:
      return <Text size="sm">{field.name}</Text>;
  }
}
