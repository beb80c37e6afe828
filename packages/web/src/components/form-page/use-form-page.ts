import { useForm, type FormErrors, type UseFormReturnType } from '@mantine/form';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../lib/api.ts';
import { confirm } from '../dialogs.tsx';
import { toast } from '../toast.ts';
import { LEAVE_WITHOUT_ASKING, useUnsavedChanges } from '../use-unsaved-changes.ts';
import { fieldErrors, validateWith, type Schema } from './field-errors.ts';
import { rowListField } from './row-list-field.ts';

/** Deleting the record shown: the question asked first, the call, and where the page goes after. */
export type FormPageDelete = {
  title: string;
  message: string;
  /** Deletes; answers the success toast's text (the server's message, mostly). */
  run: () => Promise<{ message: string }>;
  listPath: string;
  /** The toast when it fails; the error's own message when absent. */
  failedMessage?: string;
};

export type FormPageOptions<Values, Saved> = {
  initialValues: Values;
  /**
   * The contract's schema the form is checked with before a save (see `validateWith`), the values
   * read through `toInput` where they are not the input as they stand.
   */
  schema?: Schema;
  toInput?: (values: Values) => unknown;
  /** A check of the form's own, where the contract's schema is not enough (Mantine's `schemaResolver`, say). */
  validate?: (values: Values) => FormErrors;
  /** Sends the values (a mutation's `mutateAsync`); answers what the server stored. */
  save: (values: Values) => Promise<Saved>;
  savedMessage: string | ((saved: Saved) => string);
  /** The form after a save: what was stored, so it is no longer dirty and shows what the server kept. */
  valuesAfterSave: (saved: Saved, values: Values) => Values;
  /** Where a record created by this form lives; null when the form edits one already. */
  createdPath: ((saved: Saved) => string) | null;
  onSaved?: (saved: Saved) => void;
  /** Said besides the field errors when the form's own check fails (a page whose spec toasts it). */
  onValidationFailed?: () => void;
  /** Said besides the field errors of a 422 (a page whose spec also toasts it). */
  onInvalid?: (error: ApiError) => void;
  /** As in `fieldErrors`: the field an error key belongs to, the server's and the schema's. */
  errorField?: (key: string) => string;
  /** Absent for a new record, which has nothing to delete. */
  remove?: FormPageDelete | undefined;
};

export type FormPage<Values extends Record<string, unknown>> = {
  form: UseFormReturnType<Values, Values, (values: Values) => FormErrors>;
  handleSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  handleDelete: (() => Promise<void>) | undefined;
  /** A list of rows of the form (a tax's regions) as its field's props: see `rowListField`. */
  rowList: <Name extends keyof Values & string>(
    name: Name,
  ) => ReturnType<typeof rowListField<Values, Name>>;
};

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The skeleton every record form page shares, so each page is its fields and little else: a
 * Mantine form checked with the contract, a question before leaving with unsaved changes, a save
 * that toasts, resets the form to what was stored and moves a new record to its own URL, a 422
 * shown on the fields, and a delete that asks first and goes back to the list.
 */
export function useFormPage<Values extends Record<string, unknown>, Saved>(
  options: FormPageOptions<Values, Saved>,
): FormPage<Values> {
  const navigate = useNavigate();
  const { schema, toInput = (values: Values) => values } = options;
  const form = useForm<Values>({
    initialValues: options.initialValues,
    validate:
      options.validate ?? (schema ? validateWith(schema, toInput, options.errorField) : () => ({})),
  });
  useUnsavedChanges(form.isDirty());

  const handleSubmit = form.onSubmit(async (values) => {
    const { save, savedMessage, valuesAfterSave, createdPath, onSaved } = options;
    try {
      const saved = await save(values);
      toast.success(typeof savedMessage === 'string' ? savedMessage : savedMessage(saved));
      const next = valuesAfterSave(saved, values);
      form.setValues(next);
      form.resetDirty(next);
      onSaved?.(saved);
      // Replace: Back from the new record should not return to a blank form.
      if (createdPath)
        void navigate(createdPath(saved), { replace: true, state: LEAVE_WITHOUT_ASKING });
    } catch (error) {
      if (error instanceof ApiError && error.status === 422 && error.errors) {
        form.setErrors(fieldErrors(error.errors, options.errorField));
        options.onInvalid?.(error);
        return;
      }
      toast.error(messageOf(error));
    }
  }, options.onValidationFailed);

  const { remove } = options;
  const handleDelete =
    remove &&
    (async () => {
      if (
        !(await confirm({
          title: remove.title,
          message: remove.message,
          confirmLabel: 'Delete',
          danger: true,
        }))
      )
        return;
      try {
        toast.success((await remove.run()).message);
        void navigate(remove.listPath, { state: LEAVE_WITHOUT_ASKING });
      } catch (error) {
        toast.error(remove.failedMessage ?? messageOf(error));
      }
    });

  return { form, handleSubmit, handleDelete, rowList: (name) => rowListField(form, name) };
}
