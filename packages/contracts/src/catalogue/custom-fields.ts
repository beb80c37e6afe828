import { z } from 'zod';
import { messages } from '../messages.ts';
import { formBoolean, text } from '../rules.ts';

/** Product custom fields (spec part 1 §3, §4; part 2 §3 table and §5 limits). */

export const CUSTOM_FIELD_TYPES = [
  'text', 'lg_text', 'select', 'multi-select', 'check', 'date', 'email', 'phone', 'html', 'hidden',
] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

export const customFieldTypeLabels: Record<CustomFieldType, string> = {
  text: 'Text',
  lg_text: 'Large text',
  select: 'Drop-down',
  'multi-select': 'Multiple choice',
  check: 'Checkbox',
  date: 'Date',
  email: 'Email',
  phone: 'Phone',
  html: 'HTML',
  hidden: 'Hidden',
};

/** Types whose answer is picked from a choice list. */
export const CHOICE_TYPES: readonly CustomFieldType[] = ['select', 'multi-select'];

/** Part 2 §5: sequence at most 3 characters; name and hint at most 200. */
export const CUSTOM_FIELD_SEQUENCE_MAX = 999;
export const CUSTOM_FIELD_NAME_MAX = 200;
export const CUSTOM_FIELD_CHOICES_MAX = 200;
export const CUSTOM_FIELD_MAP_MAX = 200;

export type Choice = { value: string; label: string };

/** Simple format: one choice per line, the label is the value. Blank lines are skipped. */
export function choicesFromLines(lines: string): Choice[] {
  return lines
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => ({ value: l, label: l }));
}

export const linesFromChoices = (choices: Choice[]) => choices.map((c) => c.label || c.value).join('\n');

const limited = (max: number) => text().max(max, { error: messages.maxLength(max) });

export const customFieldMessages = {
  choicesRequired: 'Add at least one choice.',
  defaultNotAChoice: 'The default must be one of the choices.',
  htmlBodyRequired: 'Enter the HTML to show.',
  /** (ours) */
  htmlBodyEmpty: 'This HTML shows nothing once scripts, styles, forms and other sites’ frames are taken out.',
} as const;

export const choiceSchema = z.object({
  value: limited(CUSTOM_FIELD_NAME_MAX).trim().min(1, { error: messages.required }),
  label: limited(CUSTOM_FIELD_NAME_MAX).trim().default(''),
});

/**
 * One row of the editor. Rows arrive in display order (their sequence is their place); an
 * existing row marked `_delete` is soft-deleted, never dropped.
 */
export const customFieldInputSchema = z
  .object({
    id: z.number().int().positive().max(2 ** 31 - 1).optional(),
    type: z.enum(CUSTOM_FIELD_TYPES, { error: 'Choose a field type.' }),
    name: limited(CUSTOM_FIELD_NAME_MAX).trim().min(1, { error: messages.required }),
    hint: limited(CUSTOM_FIELD_NAME_MAX).trim().nullish().transform((v) => v || null),
    is_required: formBoolean().default(false),
    format: z.enum(['simple', 'advanced']).default('simple'),
    /** Simple format: one choice per line. */
    options: limited(20_000).nullish(),
    /** Advanced format: value and label pairs. */
    choices: z.array(choiceSchema).max(CUSTOM_FIELD_CHOICES_MAX).default([]),
    default_value: limited(CUSTOM_FIELD_NAME_MAX).trim().nullish().transform((v) => v || null),
    body: limited(100_000).nullish().transform((v) => v || null),
    map_to_product_meta: limited(CUSTOM_FIELD_MAP_MAX).trim().nullish().transform((v) => v || null),
    _delete: formBoolean().default(false),
  })
  .transform((f) => ({
    ...f,
    choices: f.format === 'simple' ? choicesFromLines(f.options ?? '') : f.choices.map((c) => ({ value: c.value, label: c.label || c.value })),
  }))
  .superRefine((f, ctx) => {
    if (f._delete) return;
    const hasChoices = CHOICE_TYPES.includes(f.type);
    if (hasChoices && f.choices.length === 0) {
      ctx.addIssue({ code: 'custom', path: [f.format === 'simple' ? 'options' : 'choices'], message: customFieldMessages.choicesRequired });
    }
    if (f.choices.length > CUSTOM_FIELD_CHOICES_MAX) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: `At most ${CUSTOM_FIELD_CHOICES_MAX} choices.` });
    }
    if (hasChoices && f.default_value) {
      const defaults = f.type === 'multi-select' ? f.default_value.split(',').map((v) => v.trim()) : [f.default_value];
      if (defaults.some((d) => !f.choices.some((c) => c.value === d))) {
        ctx.addIssue({ code: 'custom', path: ['default_value'], message: customFieldMessages.defaultNotAChoice });
      }
    }
    if (f.type === 'html' && !f.body) ctx.addIssue({ code: 'custom', path: ['body'], message: customFieldMessages.htmlBodyRequired });
  });
export type CustomFieldInput = z.input<typeof customFieldInputSchema>;
export type CustomFieldInputParsed = z.output<typeof customFieldInputSchema>;

export const customFieldSchema = z.object({
  id: z.number(),
  sequence: z.number(),
  type: z.enum(CUSTOM_FIELD_TYPES),
  name: z.string(),
  hint: z.string().nullable(),
  is_required: z.boolean(),
  format: z.enum(['simple', 'advanced']),
  options: z.string(),
  choices: z.array(z.object({ value: z.string(), label: z.string() })),
  default_value: z.string().nullable(),
  body: z.string().nullable(),
  map_to_product_meta: z.string().nullable(),
});
export type CustomField = z.infer<typeof customFieldSchema>;
