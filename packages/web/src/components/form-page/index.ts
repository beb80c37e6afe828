export { fieldErrors, validateWith, withoutErrorsUnder } from './field-errors.ts';
export { FieldGrid, TextFields, type TextField } from './field-grid.tsx';
export { FormPageLayout } from './form-page-layout.tsx';
export { loadingOrFailed } from './load-gate.tsx';
export { saveForm } from './save-form.ts';
export { rowListField } from './row-list-field.ts';
export { useRecordParam } from './use-record-param.ts';
export { useRouteRecord } from './use-route-record.ts';
export {
  useFormPage,
  type FormPage,
  type FormPageDelete,
  type FormPageOptions,
} from './use-form-page.ts';
