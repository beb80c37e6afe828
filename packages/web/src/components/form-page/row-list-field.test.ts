import { describe, expect, it } from 'vitest';
import { rowListField } from './row-list-field.ts';

type Values = { code: string; regions: { country: string; region: string }[] };

/** Just what rowListField uses of a Mantine form, recording what it is told. */
function fakeForm(values: Values, errors: Record<string, string>) {
  const calls: { set?: [string, unknown]; errors?: Record<string, unknown> } = {};
  const form = {
    values,
    errors,
    setFieldValue: (path: string, value: unknown) => (calls.set = [path, value]),
    setErrors: (next: Record<string, unknown>) => (calls.errors = next),
  };
  return { form: form as unknown as Parameters<typeof rowListField<Values, 'regions'>>[0], calls };
}

describe('rowListField', () => {
  it('gives the rows, the form’s errors and the list’s name', () => {
    const rows = [{ country: 'US', region: 'CA' }];
    const { form } = fakeForm({ code: 'X', regions: rows }, { code: 'Taken.' });
    const field = rowListField(form, 'regions');
    expect(field.name).toBe('regions');
    expect(field.value).toBe(rows);
    expect(field.errors).toEqual({ code: 'Taken.' });
  });

  it('sets the rows and clears the list’s errors, keeping the others', () => {
    const { form, calls } = fakeForm(
      { code: 'X', regions: [] },
      { code: 'Taken.', regions: 'Add one.', 'regions.0.region': 'Pick one.' },
    );
    const rows = [{ country: 'CA', region: '' }];
    rowListField(form, 'regions').onChange(rows);
    expect(calls.set).toEqual(['regions', rows]);
    expect(calls.errors).toEqual({ code: 'Taken.' });
  });
});
