import type { FormErrors, UseFormReturnType } from '@mantine/form';
import { withoutErrorsUnder } from './field-errors.ts';

/**
 * A form page's list of rows (a tax's regions, a segment's items) as its field's props: the rows,
 * the form's errors, and a change that also clears the list's errors. A row's error is keyed by
 * its position ('regions.0.region'), so once rows move or go, the old ones would point at the
 * wrong row.
 */
export function rowListField<
  Values extends Record<string, unknown>,
  Name extends keyof Values & string,
>(form: UseFormReturnType<Values, Values, (values: Values) => FormErrors>, name: Name) {
  return {
    name,
    value: form.values[name],
    errors: form.errors,
    onChange: (rows: Values[Name]) => {
      form.setFieldValue(name, rows as never);
      form.setErrors(withoutErrorsUnder(form.errors, name));
    },
  };
}
