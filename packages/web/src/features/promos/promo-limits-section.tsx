import { FREE_SHIPPING_LABEL_MAX } from '@almoner/contracts';
import { Checkbox, Group, TextInput } from '@mantine/core';
import { FieldGrid, FormPageLayout, type TextField } from '../../components/form-page/index.ts';
import type { PromoFormApi, PromoValues } from './promo-form-values.ts';

const noLimit = { description: 'Blank for no limit.', inputMode: 'numeric' } as const;

const limitFields: TextField<PromoValues>[] = [
  { name: 'usage_limit', label: 'Uses in total', ...noLimit },
  { name: 'usage_limit_per_account', label: 'Uses per supporter', ...noLimit },
  { name: 'starts_on', label: 'Starts on', type: 'date' },
  { name: 'ends_on', label: 'Ends on', type: 'date' },
];

/** How often and when the code works, and whether it also ships free. */
export function PromoLimitsSection({ form }: { form: PromoFormApi }) {
  return (
    <FormPageLayout.Section title="Limits and dates">
      <FieldGrid form={form} cols={2} fields={limitFields} />
      <Group mt="md" align="flex-end">
        <Checkbox
          label="Free shipping"
          {...form.getInputProps('is_free_shipping', { type: 'checkbox' })}
          mb={8}
        />
        {form.values.is_free_shipping && (
          <TextInput
            label="Shipping label"
            maxLength={FREE_SHIPPING_LABEL_MAX}
            placeholder="Free Shipping"
            {...form.getInputProps('free_shipping_label')}
          />
        )}
      </Group>
    </FormPageLayout.Section>
  );
}
