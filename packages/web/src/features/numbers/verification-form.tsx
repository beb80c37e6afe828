import { numberMessages, VERIFICATION_FIELDS, type VerificationField } from '@almoner/contracts';
import { Alert, Button, Group, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';

type Values = Record<VerificationField, string>;
const empty = Object.fromEntries(VERIFICATION_FIELDS.map((f) => [f.name, ''])) as Values;
const LONG: readonly string[] = ['use_case_summary', 'message_sample'];

type Props = {
  number: string;
  busy: boolean;
  serverErrors: Record<string, string>;
  onBack: () => void;
  onSubmit: (values: Values) => void;
};

/**
 * The toll-free verification form (spec part 2 §5): every input must be filled, otherwise
 * 'Please ensure all fields above are filled' and the empty inputs are highlighted.
 */
export function VerificationForm({ number, busy, serverErrors, onBack, onSubmit }: Props) {
  const [values, setValues] = useState<Values>(empty);
  const [missing, setMissing] = useState<string[]>([]);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const blank = VERIFICATION_FIELDS.filter((f) => !values[f.name].trim()).map((f) => f.name);
    setMissing(blank);
    if (blank.length === 0) onSubmit(values);
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Toll-free verification">
      <Stack gap="sm">
        <Text size="sm">
          Carriers verify toll-free numbers before they deliver texts. Tell them about {number}.
        </Text>
        {VERIFICATION_FIELDS.map((f) => {
          const Input = LONG.includes(f.name) ? Textarea : TextInput;
          const error = serverErrors[f.name] ?? (missing.includes(f.name) ? true : undefined);
          return (
            <Input
              key={f.name}
              label={f.label}
              name={f.name}
              value={values[f.name]}
              error={error}
              aria-invalid={error ? true : undefined}
              onChange={(e) => {
                const value = e.currentTarget.value;
                setValues((v) => ({ ...v, [f.name]: value }));
              }}
              data-autofocus={f.name === 'business_name' || undefined}
            />
          );
        })}
        {missing.length > 0 && (
          <Alert color="red" role="alert">
            {numberMessages.fillAll}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onBack}>
            Back to results
          </Button>
          <Button type="submit" loading={busy}>
            Verify and provision
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
