import { FREE_SHIPPING_LABEL_MAX } from '@almoner/contracts';
import { Checkbox, Group, SimpleGrid, TextInput } from '@mantine/core';
import { FormSection } from '../../components/form-page/index.ts';
import type { PromoFormApi } from './promo-form-values.ts';

/** How often and when the code works, and whether it also ships free. */
export function PromoLimitsSection({ form }: { form: PromoFormApi }) {
  return (
    <FormSection title="Limits and dates">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Uses in total"
          description="Blank for no limit."
          inputMode="numeric"
          {...form.getInputProps('usage_limit')}
        />
        <TextInput
          label="Uses per supporter"
          description="Blank for no limit."
          inputMode="numeric"
          {...form.getInputProps('usage_limit_per_account')}
        />
        <TextInput label="Starts on" type="date" {...form.getInputProps('starts_on')} />
        <TextInput label="Ends on" type="date" {...form.getInputProps('ends_on')} />
      </SimpleGrid>
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
    </FormSection>
  );
}
