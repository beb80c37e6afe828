import {
  DISCOUNT_TYPES,
  PROMO_CODE_MAX,
  describeDiscount,
  discountTypeLabels,
  isBuyXGetY,
  isPercent,
  siteCurrencies,
} from '@almoner/contracts';
import { Alert, Group, Paper, Select, SimpleGrid, TextInput } from '@mantine/core';
import { FieldGrid, type TextField } from '../../components/form-page/index.ts';
import type { PromoFormApi, PromoValues } from './promo-form-values.ts';

const buyXGetYFields: TextField<PromoValues>[] = [
  { name: 'buy_quantity', label: 'Buy quantity', required: true, inputMode: 'numeric' },
  { name: 'allocation_limit', label: 'Times per order', description: 'Blank for no limit.', inputMode: 'numeric' },
];

/** Code, description and the discount; the sentence below says what the discount does. */
export function PromoDiscountSection({ form }: { form: PromoFormApi }) {
  const v = form.values;
  const percent = isPercent(v.discount_type);
  const discount =
    v.discount.trim() === '' || Number.isNaN(Number(v.discount)) ? null : Number(v.discount);
  const buy = v.buy_quantity.trim() === '' ? null : Number(v.buy_quantity);
  return (
    <Paper withBorder p="lg">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Code"
          required
          maxLength={PROMO_CODE_MAX}
          {...form.getInputProps('code')}
        />
        <TextInput label="Description" maxLength={255} {...form.getInputProps('description')} />
        <Select
          label="Discount type"
          data={DISCOUNT_TYPES.map((t) => ({ value: t, label: discountTypeLabels[t] }))}
          allowDeselect={false}
          {...form.getInputProps('discount_type')}
        />
        <Group grow align="flex-start">
          <TextInput
            label={percent ? 'Discount (%)' : `Discount (${v.currency_code})`}
            required
            inputMode="decimal"
            {...form.getInputProps('discount')}
          />
          {!percent && (
            <Select
              label="Currency"
              data={[...siteCurrencies]}
              allowDeselect={false}
              {...form.getInputProps('currency_code')}
            />
          )}
        </Group>
      </SimpleGrid>
      <Alert variant="light" mt="md" title="What it does" aria-live="polite">
        {describeDiscount({
          discount_type: v.discount_type,
          discount,
          buy_quantity: buy,
          currency_code: v.currency_code,
        })}
        {isBuyXGetY(v.discount_type)
          ? ' on the whole order, once for every group of that many qualifying items bought.'
          : ' each qualifying item.'}
      </Alert>
      {isBuyXGetY(v.discount_type) && (
        <FieldGrid form={form} cols={2} mt="md" fields={buyXGetYFields} />
      )}
    </Paper>
  );
}
