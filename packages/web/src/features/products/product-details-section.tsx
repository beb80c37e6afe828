import {
  PAGE_WITH_PAYMENT_TEMPLATE,
  PRODUCT_TYPES,
  productTypeLabels,
  siteCurrencies,
  type ProductFormOptions,
} from '@almoner/contracts';
import {
  Checkbox,
  Group,
  MultiSelect,
  Select,
  SimpleGrid,
  TextInput,
  Textarea,
} from '@mantine/core';
import { FormPageLayout } from '../../components/form-page/index.ts';
import { validateSku } from './api.ts';
import type { ProductFormApi } from './product-form-values.ts';
import { UrlPicker } from './url-picker.tsx';

const FLAGS = [
  ['is_enabled', 'Enabled'],
  ['show_in_pos', 'Show in point of sale'],
  ['is_tax_receiptable', 'Tax receiptable'],
  ['is_dcc_enabled', 'Donor covers costs'],
  ['allow_tributes', 'Tributes allowed'],
] as const;

type Props = {
  form: ProductFormApi;
  options: ProductFormOptions | undefined;
  productId: number | null;
};

/** Type, name, SKU (checked as it is left), currency, template, categories, the extra button and the switches. */
export function ProductDetailsSection({ form, options, productId }: Props) {
  const v = form.values;
  const handleSkuBlur = async () => {
    if (!v.code.trim()) return;
    const answer = await validateSku(v.code, productId).catch(() => null);
    if (answer && !answer.valid) form.setFieldError('code', answer.message);
  };
  return (
    <FormPageLayout.Section title="Details">
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
          label="Type"
          description="A donation form offers billing periods at the point of sale; a template is not sold there."
          data={PRODUCT_TYPES.map((type) => ({ value: type, label: productTypeLabels[type] }))}
          allowDeselect={false}
          {...form.getInputProps('type')}
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
          data={(options?.categories ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
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
          error={form.errors.alt_button_url as string | undefined}
        />
      </SimpleGrid>
      <Group gap="xl" mt="md">
        {FLAGS.map(([field, label]) => (
          <Checkbox
            key={field}
            label={label}
            {...form.getInputProps(field, { type: 'checkbox' })}
          />
        ))}
        {/* A notice only concerns a tribute, so it cannot be set while tributes are off; it stays
            visible (and keeps its value) so turning tributes back on brings the choice back. */}
        <Checkbox
          label="Tribute notices allowed"
          disabled={!v.allow_tributes}
          {...form.getInputProps('allow_tribute_notification', { type: 'checkbox' })}
        />
      </Group>
      {v.allow_tributes && (
        <MultiSelect
          mt="md"
          label="Tribute types"
          description="The tributes offered with this product. None chosen: every tribute type that is turned on."
          placeholder={v.tribute_type_ids.length ? undefined : 'Every type turned on'}
          searchable
          data={(options?.tribute_types ?? []).map((t) => ({ value: String(t.id), label: t.is_enabled ? t.label : `${t.label} (turned off)` }))}
          {...form.getInputProps('tribute_type_ids')}
        />
      )}
    </FormPageLayout.Section>
  );
}
