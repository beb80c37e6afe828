import { z } from 'zod';

/**
 * The generic ajax modal protocol (spec part 3 §2.1).
 *
 * A link opens a modal whose content is loaded from the link's href. The original product
 * loaded server-rendered HTML; here the href answers a JSON *descriptor* (`ajaxModalSchema`)
 * that the web renders with its own accessible inputs. We chose JSON over HTML because:
 * no server markup is injected into the page (no XSS surface), the modal looks and behaves
 * like every other form (labels, focus, Enter/Escape), and the same zod rules validate on
 * both sides. The descriptor's form posts its values as JSON to `action`; the answer is an
 * `AjaxModalAnswer`, and a 422 failure shows the joined validation messages.
 */

const fieldBase = {
  name: z.string().min(1),
  label: z.string(),
  description: z.string().optional(),
  required: z.boolean().optional(),
};

export const ajaxModalFieldSchema = z.discriminatedUnion('type', [
  z.object({
    ...fieldBase,
    type: z.literal('text'),
    value: z.string().optional(),
    placeholder: z.string().optional(),
    max_length: z.number().int().positive().optional(),
  }),
  z.object({
    ...fieldBase,
    type: z.literal('textarea'),
    value: z.string().optional(),
    placeholder: z.string().optional(),
    max_length: z.number().int().positive().optional(),
    rows: z.number().int().positive().optional(),
  }),
  z.object({
    ...fieldBase,
    type: z.literal('select'),
    value: z.string().optional(),
    options: z.array(z.object({ value: z.string(), label: z.string() })),
  }),
  z.object({ ...fieldBase, type: z.literal('checkbox'), value: z.boolean().optional() }),
  z.object({ ...fieldBase, type: z.literal('hidden'), value: z.string() }),
]);
export type AjaxModalField = z.infer<typeof ajaxModalFieldSchema>;

/** What a modal's href answers: its title, intro text, form fields and where the form posts. */
export const ajaxModalSchema = z.object({
  title: z.string(),
  /** Plain text shown above the fields; blank lines separate paragraphs. */
  intro: z.string().optional(),
  /** Where the form posts (a path under /jpanel). */
  action: z.string().startsWith('/jpanel/'),
  method: z.enum(['POST', 'PUT', 'DELETE']).default('POST'),
  fields: z.array(ajaxModalFieldSchema),
  submit_label: z.string().default('Save'),
  /** The submit button is styled as destructive. */
  danger: z.boolean().optional(),
});
export type AjaxModal = z.infer<typeof ajaxModalSchema>;
export type AjaxModalInput = z.input<typeof ajaxModalSchema>;

/**
 * The answer to an ajax modal's form. `success` / `error` become toasts;
 * `ajax-modal-action`: 'close' closes the modal, 'refresh' closes it and reloads the page's
 * data; `ajax-modal-redirect` closes it and navigates to that path.
 */
export const ajaxModalAnswerSchema = z.object({
  success: z.string().optional(),
  error: z.string().optional(),
  'ajax-modal-action': z.enum(['close', 'refresh']).optional(),
  'ajax-modal-redirect': z.string().startsWith('/').optional(),
});
export type AjaxModalAnswer = z.infer<typeof ajaxModalAnswerSchema>;
