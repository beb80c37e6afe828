import {
  TAX_CITY_MAX,
  TAX_CODE_MAX,
  TAX_DESCRIPTION_MAX,
  formatRate,
  taxRateInputSchema,
  type TaxRate,
  type TaxRateInput,
} from '@almoner/contracts';
import { TextInput } from '@mantine/core';
import { useCan } from '../../app/session.ts';
import { FormPageLayout, useFormPage, useRouteRecord } from '../../components/form-page/index.ts';
import { RegionListField, toRegionRows, type RegionRow } from '../locale/index.ts';
import { ProductIdsField } from '../products/product-picker.tsx';
import { useDeleteTaxRate, useSaveTaxRate, useTaxRate } from './api.ts';

type Values = {
  code: string;
  description: string;
  rate: string;
  city: string;
  regions: RegionRow[];
  product_ids: number[];
};

const toValues = (r: TaxRate | undefined): Values => ({
  code: r?.code ?? '',
  description: r?.description ?? '',
  rate: r ? String(r.rate) : '',
  city: r?.city ?? '',
  // A new tax starts with one region row to fill in: every tax needs one.
  regions: r ? toRegionRows(r.regions) : [{ country: 'US', region: '' }],
  product_ids: r?.product_ids ?? [],
});

/** /settings/taxes/new and /settings/taxes/:id. */
export function TaxFormPage() {
  const { record, gate, key } = useRouteRecord(useTaxRate);
  return gate ?? <TaxForm key={key} rate={record} />;
}

function TaxForm({ rate }: { rate: TaxRate | undefined }) {
  const can = useCan();
  const save = useSaveTaxRate(rate?.id ?? null);
  const remove = useDeleteTaxRate();
  const page = useFormPage({
    initialValues: toValues(rate),
    schema: taxRateInputSchema,
    toInput: (values) => values satisfies TaxRateInput,
    save: (values: Values) => save.mutateAsync(values),
    savedMessage: 'Tax saved.',
    valuesAfterSave: toValues,
    createdPath: rate ? null : (saved) => `/settings/taxes/${saved.id}`,
    remove: rate && {
      title: 'Delete tax',
      message: `Delete ${rate.code}? Orders already taxed keep their tax lines.`,
      run: () => remove.mutateAsync(rate.id),
      listPath: '/settings/taxes',
    },
  });
  const { form } = page;

  return (
    <FormPageLayout
      page={page}
      back={{ to: '/settings/taxes', label: 'Taxes' }}
      record={{ noun: 'tax', name: rate && `${rate.code} (${formatRate(rate.rate)})` }}
      crumb={rate?.code}
    >
      <FormPageLayout.Section cols={2}>
        <TextInput
          label="Code"
          description="Shown on receipts, e.g. CA State Tax."
          required
          maxLength={TAX_CODE_MAX}
          {...form.getInputProps('code')}
        />
        <TextInput
          label="Rate (%)"
          description="Up to 4 decimals, e.g. 7.25."
          required
          inputMode="decimal"
          {...form.getInputProps('rate')}
        />
        <TextInput
          label="Description"
          maxLength={TAX_DESCRIPTION_MAX}
          {...form.getInputProps('description')}
        />
        <TextInput
          label="City"
          description="Blank: every city of the regions."
          maxLength={TAX_CITY_MAX}
          {...form.getInputProps('city')}
        />
      </FormPageLayout.Section>
      <FormPageLayout.Section title="Where it applies">
        <RegionListField
          label="Regions"
          description="The tax applies when the order's tax address is in one of these."
          {...page.rowList('regions')}
        />
      </FormPageLayout.Section>
      {can('product.view') && (
        <FormPageLayout.Section title="Products">
          <ProductIdsField form={form} label="Charged on" />
        </FormPageLayout.Section>
      )}
    </FormPageLayout>
  );
}
