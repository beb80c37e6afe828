import { SUPPORTER_EDIT_FIELDS, supporterInputSchema, type SupporterInput, type SupporterSaved } from '@almoner/contracts';
import { validateWith } from '../../components/form-page/index.ts';
import type { SupporterRecord } from './api.ts';

/** Every field as the form holds it: text, '' for blank (the contract stores blank as null). */
export type SupporterFormValues = Record<(typeof SUPPORTER_EDIT_FIELDS)[number], string>;

export const toValues = (s: SupporterRecord | SupporterSaved | undefined, defaultType: number | null): SupporterFormValues => {
  const values = Object.fromEntries(SUPPORTER_EDIT_FIELDS.map((f) => [f, String((s as Record<string, unknown> | undefined)?.[f] ?? '')])) as SupporterFormValues;
  values.account_type_id = String(s?.account_type_id ?? defaultType ?? '');
  return values;
};

export const toInput = (values: SupporterFormValues): SupporterInput => ({ ...values, account_type_id: values.account_type_id || null });

export const validate = validateWith(supporterInputSchema, toInput);
