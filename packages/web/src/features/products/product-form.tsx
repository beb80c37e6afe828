import {
  productInputSchema,
  type ProductDetail,
  type ProductFormOptions,
} from '@almoner/contracts';
import { RecordHistory } from '../audit/record-history.tsx';
import { useCallback } from 'react';
import { FormPageLayout, useFormPage, validateWith } from '../../components/form-page/index.ts';
import { toast } from '../../components/toast.ts';
import { useDeleteProduct, useSaveProduct } from './api.ts';
import { CustomFieldsEditor } from './custom-fields-editor.tsx';
import { DesignationsEditor } from './designations-editor.tsx';
import { ProductDetailsSection } from './product-details-section.tsx';
import { toInput, toValues, type ProductFormValues } from './product-form-values.ts';
import { ProductStockSection } from './product-stock-section.tsx';
import { useVariantEditing } from './use-variant-editing.ts';
import { VariantList } from './variant-list.tsx';
import { VariantModal } from './variant-modal.tsx';

type Props = {
  product?: ProductDetail | undefined;
  options: ProductFormOptions | undefined;
  canEdit: boolean;
};

const validate = validateWith(productInputSchema, toInput);

/** The product form (spec part 1 §2 "Other forms", §5): details, SKU, stock, designations, custom fields, variants. */
export function ProductForm({ product, options, canEdit }: Props) {
  const save = useSaveProduct(product?.id ?? null);
  const remove = useDeleteProduct();
  const page = useFormPage({
    initialValues: toValues(product, options?.site_currency ?? 'USD'),
    validate,
    onValidationFailed: () => toast.error('Please check the highlighted fields.'),
    save: (values: ProductFormValues) => save.mutateAsync(toInput(values)),
    savedMessage: 'Product saved.',
    valuesAfterSave: (saved) => toValues(saved, saved.base_currency),
    createdPath: product ? null : (saved) => `/products/${saved.id}`,
    onInvalid: (error) => toast.error(error.message),
    remove: product && {
      title: 'Delete product',
      message: `Delete ${product.name}? Its SKU stays reserved.`,
      run: () => remove.mutateAsync(product.id),
      listPath: '/products',
    },
  });
  const { form } = page;
  const v = form.values;
  const variants = useVariantEditing(form);
  const setDesignations = useCallback(
    (d: ProductFormValues['designation_options']) => form.setFieldValue('designation_options', d),
    [form],
  );

  return (
    <FormPageLayout
      page={page}
      back={{ to: '/products', label: 'Products' }}
      record={{ noun: 'product', name: product?.name }}
      maw={1100}
      canEdit={canEdit}
      long
      below={
        // Outside the product's form: a submit inside the modal must not bubble to it through React.
        <>
          {product && <RecordHistory table="products" id={product.id} description="Changes to this product's own fields, field by field." />}
          <VariantModal
            variant={variants.editing}
            productId={product?.id ?? null}
            currency={v.base_currency}
            options={options}
            serverErrors={variants.editingErrors}
            onSave={variants.save}
            onClose={variants.close}
          />
        </>
      }
    >
      <ProductDetailsSection form={form} options={options} productId={product?.id ?? null} />
      <FormPageLayout.Section title="Variants">
        <VariantList
          variants={v.variants}
          currency={v.base_currency}
          options={options}
          invalid={variants.invalid}
          error={form.errors.variants as string | undefined}
          onChange={(list) => form.setFieldValue('variants', list)}
          onEdit={variants.edit}
        />
      </FormPageLayout.Section>
      <ProductStockSection form={form} product={product} />
      <FormPageLayout.Section title="Fund designations">
        <DesignationsEditor
          value={v.designation_options}
          templateSuffix={v.template_suffix}
          onChange={setDesignations}
        />
      </FormPageLayout.Section>
      <FormPageLayout.Section title="Custom fields">
        <CustomFieldsEditor
          fields={v.custom_fields}
          errors={form.errors as Record<string, string | undefined>}
          onChange={(fields) => form.setFieldValue('custom_fields', fields)}
        />
      </FormPageLayout.Section>
    </FormPageLayout>
  );
}
