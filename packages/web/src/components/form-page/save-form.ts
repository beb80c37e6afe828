import type { FormErrors } from '@mantine/form';
import { ApiError } from '../../lib/api.ts';
import { toast } from '../toast.ts';
import { fieldErrors } from './field-errors.ts';

/**
 * A form's save where the form is not a record's page (a modal, a settings card; those use
 * `useFormPage`): the server's message as a toast, then `after` (close the modal, go to what was
 * made, clear a secret field); a 422 on the fields; any other failure as a toast in the error's
 * own words, or `failed` when it has none. Seven forms wrote this block out each (issue 33).
 */
export async function saveForm<Answer extends { message: string }>(
  form: { setErrors: (errors: FormErrors) => void },
  save: () => Promise<Answer>,
  { after, failed }: { after?: (answer: Answer) => void; failed: string },
): Promise<void> {
  try {
    const answer = await save();
    toast.success(answer.message);
    after?.(answer);
  } catch (error) {
    if (error instanceof ApiError && error.errors) form.setErrors(fieldErrors(error.errors));
    else toast.error(error instanceof Error ? error.message : failed);
  }
}
