import { variantInputSchema } from '@almoner/contracts';
import { useForm } from '@mantine/form';
import { validateWith } from '../../components/form-page/index.ts';
import { variantInput, type VariantValues } from './product-form-values.ts';

/** The variant modal's form, checked with the contract; its tabs take it (typed here, not in the modal they sit in). */
export const useVariantForm = (variant: VariantValues, serverErrors: Record<string, string>) =>
  useForm<VariantValues>({
    initialValues: variant,
    initialErrors: serverErrors,
    validate: validateWith(variantInputSchema, variantInput),
  });
export type VariantForm = ReturnType<typeof useVariantForm>;
