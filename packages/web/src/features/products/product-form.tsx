import {
  OUT_OF_STOCK_MESSAGE_MAX,
  PAGE_WITH_PAYMENT_TEMPLATE,
  productInputSchema,
  siteCurrencies,
  type ProductDetail,
  type ProductFormOptions,
} from '@almoner/contracts';
import {
  Button,
  Checkbox,
  Group,
  MultiSelect,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useCallback, useState } from 'react';
import { FormSection } from '../../components/form-page/index.ts';
import { toast } from '../../components/toast.ts';
import { useUnsavedChanges } from '../../components/use-unsaved-changes.ts';
import { ApiError } from '../../lib/api.ts';
import { useSaveProduct, validateSku } from './api.ts';
import { CustomFieldsEditor } from './custom-fields-editor.tsx';
import { DesignationsEditor } from './designations-editor.tsx';
import {
  toInput,
  toValues,
  type ProductFormValues,
  type VariantValues,
} from './product-form-values.ts';
import { VariantList } from './variant-list.tsx';
import { UrlPicker } from './url-picker.tsx';
import { VariantModal } from './variant-modal.tsx';

type Props = {
  product?: ProductDetail | undefined;
  options: ProductFormOptions | undefined;
  readOnly: boolean;
  onSaved: (product: ProductDetail) => void;
};

const firstErrors = (
  errors: Record<string, string[] | string | undefined>,
): Record<string, string> =>
  Object.fromEntries(
    Object.entries(errors).flatMap(([k, v]) => {
      const message = Array.isArray(v) ? v[0] : v;
      return message ? [[k, message]] : [];
    }),
  );

/** The schema's verdict on the whole form, as field errors. */
function validateProduct(values: ProductFormValues): Record<string, string> {
  const parsed = productInputSchema.safeParse(toInput(values));
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

/** The product form (spec part 1 §2 "Other forms", §5): details, SKU, stock, designations, custom fields, variants. */
export function ProductForm({ product, options, readOnly, onSaved }: Props) {
  const save = useSaveProduct(product?.id ?? null);
  const form = useForm<ProductFormValues>({
    initialValues: toValues(product, options?.site_currency ?? 'USD'),
  });
  const [editing, setEditing] = useState<VariantValues | null>(null);
  useUnsavedChanges(form.isDirty());
  const v = form.values;
  const errors = firstErrors(form.errors as Record<string, string>);
  const variantErrors = (index: number) =>
    Object.fromEntries(
      Object.entries(errors)
        .filter(([k]) => k.startsWith(`variants.${index}.`))
        .map(([k, m]) => [k.slice(`variants.${index}.`.length), m]),
    );
  const invalid = new Set(
    v.variants.map((_, i) => i).filter((i) => Object.keys(variantErrors(i)).length > 0),
  );

  const handleSkuBlur = async () => {
    if (!v.code.trim()) return;
    const answer = await validateSku(v.code, product?.id ?? null).catch(() => null);
    if (answer && !answer.valid) form.setFieldError('code', answer.message);
  };

  const handleSubmit = form.onSubmit(async (values) => {
    const clientErrors = validateProduct(values);
    if (Object.keys(clientErrors).length) {
      form.setErrors(clientErrors);
      toast.error('Please check the highlighted fields.');
      return;
    }
    try {
      const saved = await save.mutateAsync(toInput(values));
      toast.success('Product saved.');
      const next = toValues(saved, saved.base_currency);
      form.setValues(next);
      form.resetDirty(next);
      onSaved(saved);
    } catch (error) {
      if (error instanceof ApiError && error.status === 422 && error.errors) {
        form.setErrors(firstErrors(error.errors));
        toast.error(error.message);
        return;
      }
      toast.error(error instanceof Error ? error.message : String(error));
    }
  });

  const handleVariantSaved = (variant: VariantValues) => {
    const exists = v.variants.some((x) => x.key === variant.key);
    const list = exists
      ? v.variants.map((x) => (x.key === variant.key ? variant : x))
      : [...v.variants, variant];
    const index = list.findIndex((x) => x.key === variant.key);
    form.setFieldValue(
      'variants',
      variant.is_default || list.length === 1
        ? list.map((x, i) => ({ ...x, is_default: i === index }))
        : list,
    );
    // The variant's old server errors no longer apply once it has been edited.
    form.setErrors(
      Object.fromEntries(
        Object.entries(errors).filter(
          ([k]) => !k.startsWith(`variants.${index}.`) && k !== 'variants',
        ),
      ),
    );
    setEditing(null);
  };

  const setDesignations = useCallback(
    (d: ProductFormValues['designation_options']) => form.setFieldValue('designation_options', d),
    [form],
  );

  return (
    <>
      <form onSubmit={handleSubmit} noValidate>
        {/* Locked while a save is under way: its answer replaces the values being edited. */}
        <fieldset disabled={readOnly || save.isPending} style={{ border: 0, padding: 0, margin: 0 }}>
          <Stack gap="lg">
            <FormSection title="Details">
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label="Name" required maxLength={255} {...form.getInputProps('name')} />
                <TextInput
                  label="SKU"
                  required
                  description="Letters, numbers and hyphens."
                  maxLength={25}
                  {...form.getInputProps('code')}
                  onBlur={() => void handleSkuBlur()}
                />
                <Select
                  label="Currency"
                  data={[...siteCurrencies]}
                  allowDeselect={false}
                  {...form.getInputProps('base_currency')}
                />
                <Select
                  label="Template"
                  data={[
                    { value: '', label: 'Standard product page' },
                    { value: PAGE_WITH_PAYMENT_TEMPLATE, label: 'Page with payment' },
                  ]}
                  allowDeselect={false}
                  {...form.getInputProps('template_suffix')}
                />
                <MultiSelect
                  label="Categories"
                  searchable
                  data={(options?.categories ?? []).map((c) => ({
                    value: String(c.id),
                    label: c.name,
                  }))}
                  {...form.getInputProps('category_ids')}
                />
                <Textarea label="Summary" autosize minRows={1} {...form.getInputProps('summary')} />
                <TextInput
                  label="Alternative button label"
                  description="An extra button on the product page, e.g. Read the report."
                  maxLength={100}
                  {...form.getInputProps('alt_button_label')}
                />
                <UrlPicker
                  label="Alternative button link"
                  description="A page of this site, or a full web address."
                  value={v.alt_button_url}
                  onChange={(url) => form.setFieldValue('alt_button_url', url)}
                  error={errors.alt_button_url}
                />
              </SimpleGrid>
              <Group gap="xl" mt="md">
                <Checkbox
                  label="Enabled"
                  {...form.getInputProps('is_enabled', { type: 'checkbox' })}
                />
                <Checkbox
                  label="Show in point of sale"
                  {...form.getInputProps('show_in_pos', { type: 'checkbox' })}
                />
                <Checkbox
                  label="Tax receiptable"
                  {...form.getInputProps('is_tax_receiptable', { type: 'checkbox' })}
                />
                <Checkbox
                  label="Donor covers costs"
                  {...form.getInputProps('is_dcc_enabled', { type: 'checkbox' })}
                />
                <Checkbox
                  label="Tributes allowed"
                  {...form.getInputProps('allow_tributes', { type: 'checkbox' })}
                />
              </Group>
            </FormSection>

            <FormSection title="Variants">
              <VariantList
                variants={v.variants}
                currency={v.base_currency}
                options={options}
                invalid={invalid}
                error={errors.variants}
                onChange={(list) => form.setFieldValue('variants', list)}
                onEdit={setEditing}
              />
            </FormSection>

            <FormSection title="Stock">
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <Stack gap="xs">
                  <Checkbox
                    label="Allow sales when out of stock"
                    {...form.getInputProps('outofstock_allow', { type: 'checkbox' })}
                  />
                  {!v.outofstock_allow && (
                    <TextInput
                      label="Out-of-stock message"
                      maxLength={OUT_OF_STOCK_MESSAGE_MAX}
                      placeholder="This item is out of stock."
                      {...form.getInputProps('outofstock_message')}
                    />
                  )}
                </Stack>
                <TextInput
                  label="Limit sales to"
                  description={
                    product
                      ? `${product.sold} sold so far. Blank for no limit.`
                      : 'Blank for no limit.'
                  }
                  inputMode="numeric"
                  {...form.getInputProps('limit_sales')}
                />
              </SimpleGrid>
            </FormSection>

            <FormSection title="Fund designations">
              <DesignationsEditor
                value={v.designation_options}
                templateSuffix={v.template_suffix}
                onChange={setDesignations}
              />
            </FormSection>

            <FormSection title="Custom fields">
              <CustomFieldsEditor
                fields={v.custom_fields}
                errors={errors}
                onChange={(fields) => form.setFieldValue('custom_fields', fields)}
              />
            </FormSection>

            {!readOnly && (
              <Paper
                withBorder
                shadow="sm"
                p="sm"
                style={{ position: 'sticky', bottom: 'var(--mantine-spacing-md)', zIndex: 2 }}
              >
                <Group justify="space-between">
                  <Text size="sm" c="dimmed">
                    {form.isDirty() ? 'Unsaved changes' : ''}
                  </Text>
                  <Button type="submit" loading={save.isPending}>
                    {product ? 'Save' : 'Create product'}
                  </Button>
                </Group>
              </Paper>
            )}
          </Stack>
        </fieldset>
      </form>
      {/* Outside the product's form: a submit inside the modal must not bubble to it through React. */}
      <VariantModal
        variant={editing}
        productId={product?.id ?? null}
        currency={v.base_currency}
        options={options}
        serverErrors={
          editing ? variantErrors(v.variants.findIndex((x) => x.key === editing.key)) : {}
        }
        onSave={handleVariantSaved}
        onClose={() => setEditing(null)}
      />
    </>
  );
}
