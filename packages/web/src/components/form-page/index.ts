export { fieldErrors, validateWith, withoutErrorsUnder } from './field-errors.ts';
export { FormPageLayout } from './form-page-layout.tsx';
export { FormSection } from './form-section.tsx';
export { loadingOrFailed } from './load-gate.tsx';
export { saveForm } from './save-form.ts';
export { rowListField } from './row-list-field.ts';
export { useRecordParam } from './use-record-param.ts';
export {
  useFormPage,
  type FormPage,
  type FormPageDelete,
  type FormPageOptions,
} from './use-form-page.ts';
