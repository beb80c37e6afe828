import { OUT_OF_STOCK_MESSAGE_MAX, type ProductDetail } from '@almoner/contracts';
import { Checkbox, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { FormPageLayout } from '../../components/form-page/index.ts';
import type { ProductFormApi } from './product-form-values.ts';

/** Sales when out of stock (and the message shown instead) and a limit on sales. */
export function ProductStockSection({
  form,
  product,
}: {
  form: ProductFormApi;
  product: ProductDetail | undefined;
}) {
  return (
    <FormPageLayout.Section title="Stock">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Stack gap="xs">
          <Checkbox
            label="Allow sales when out of stock"
            {...form.getInputProps('outofstock_allow', { type: 'checkbox' })}
          />
          {!form.values.outofstock_allow && (
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
            product ? `${product.sold} sold so far. Blank for no limit.` : 'Blank for no limit.'
          }
          inputMode="numeric"
          {...form.getInputProps('limit_sales')}
        />
      </SimpleGrid>
    </FormPageLayout.Section>
  );
}
