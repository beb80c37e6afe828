import {
  BILLING_PERIODS,
  billingPeriodLabels,
  type ProductFormOptions,
} from '@almoner/contracts';
import {
  Button,
  Group,
  Modal,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Tabs,
  TextInput,
} from '@mantine/core';
import { ProductPicker } from './product-picker.tsx';
import type { VariantValues } from './product-form-values.ts';
import { useVariantForm, type VariantForm } from './variant-form.ts';
import {
  BillingTab,
  BundlesTab,
  CrmTab,
  DownloadsTab,
  InventoryTab,
  MembershipTab,
  ShippingTab,
} from './variant-tabs.tsx';
import { ImagesTab } from './variant-images-tab.tsx';

type Props = {
  variant: VariantValues | null;
  productId: number | null;
  currency: string;
  options: ProductFormOptions | undefined;
  /** Errors the server gave this variant, by field (`price`, `linked_variants.0.variant_id`). */
  serverErrors: Record<string, string>;
  onSave: (variant: VariantValues) => void;
  onClose: () => void;
};

/**
 * The product variant modal (spec part 2 §2, §3, §4): price type (donation with presets and a
 * minimum, or fixed with regular, sale and cost), billing period, or a redirect to another
 * product (which hides price, billing and the tabs); then the tabs that apply.
 */
export function VariantModal(props: Props) {
  return (
    <Modal
      opened={props.variant !== null}
      onClose={props.onClose}
      title={props.variant?.id ? 'Edit variant' : 'Add variant'}
      size="xl"
    >
      {props.variant && (
        <VariantFormBody key={props.variant.key} {...props} variant={props.variant} />
      )}
    </Modal>
  );
}


function VariantFormBody({
  variant,
  productId,
  currency,
  options,
  serverErrors,
  onSave,
  onClose,
}: Props & { variant: VariantValues }) {
  const form = useVariantForm(variant, serverErrors);
  const v = form.values;
  const recurring = v.billing_period !== 'onetime';
  const handleSubmit = form.onSubmit((values) => onSave(values));
  const money = (
    key: 'price' | 'sale_price' | 'cost' | 'price_minimum' | 'fair_market_value',
    label: string,
  ) => (
    <TextInput label={`${label} (${currency})`} inputMode="decimal" {...form.getInputProps(key)} />
  );

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Variant name"
            required
            data-autofocus
            {...form.getInputProps('variant_name')}
          />
          <Switch
            label="Redirect to another product"
            mt={30}
            {...form.getInputProps('redirect', { type: 'checkbox' })}
          />
        </SimpleGrid>
        {v.redirect ? (
          <ProductPicker
            label="Redirect to"
            description="Choosing this variant sends the buyer to that product."
            value={v.redirects_to_product_id}
            excludeId={productId ?? undefined}
            onChange={(id) => form.setFieldValue('redirects_to_product_id', id)}
            error={form.errors.redirects_to_product_id as string | undefined}
          />
        ) : (
          <>
            <Group gap="md" align="flex-end">
              <SegmentedControl
                aria-label="Price type"
                value={v.is_donation ? 'donation' : 'fixed'}
                onChange={(type) => form.setFieldValue('is_donation', type === 'donation')}
                data={[
                  { value: 'fixed', label: 'Fixed price' },
                  { value: 'donation', label: 'Donation' },
                ]}
              />
              <Select
                label="Billing"
                data={BILLING_PERIODS.map((p) => ({ value: p, label: billingPeriodLabels[p] }))}
                allowDeselect={false}
                {...form.getInputProps('billing_period')}
                w={200}
              />
            </Group>
            {v.is_donation ? (
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <TextInput
                  label="Preset amounts"
                  description="Separated by commas, e.g. 25, 50, 100."
                  {...form.getInputProps('price_presets')}
                />
                {money('price_minimum', 'Minimum amount')}
                {money('fair_market_value', 'Fair market value')}
              </SimpleGrid>
            ) : (
              <SimpleGrid cols={{ base: 1, sm: 4 }}>
                {money('price', 'Regular price')}
                {money('sale_price', 'Sale price')}
                {money('cost', 'Cost')}
                {money('fair_market_value', 'Fair market value')}
              </SimpleGrid>
            )}
            <VariantTabs
              form={form}
              productId={productId}
              options={options}
              recurring={recurring}
              currency={currency}
            />
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit">Done</Button>
        </Group>
      </Stack>
    </form>
  );
}

type TabsProps = {
  form: VariantForm;
  productId: number | null;
  options: ProductFormOptions | undefined;
  recurring: boolean;
  currency: string;
};

function VariantTabs({ form, productId, options, recurring, currency }: TabsProps) {
  const hasMemberships = (options?.memberships.length ?? 0) > 0;
  return (
    <Tabs defaultValue="images" keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="images">Images</Tabs.Tab>
        <Tabs.Tab value="shipping">Shipping</Tabs.Tab>
        <Tabs.Tab value="inventory">Inventory</Tabs.Tab>
        {hasMemberships && <Tabs.Tab value="group">Group</Tabs.Tab>}
        <Tabs.Tab value="media">Media</Tabs.Tab>
        <Tabs.Tab value="bundles">Bundles</Tabs.Tab>
        {recurring && <Tabs.Tab value="billing">Billing Cycle</Tabs.Tab>}
        {options?.crm_enabled && <Tabs.Tab value="crm">DP Codes</Tabs.Tab>}
      </Tabs.List>
      <Tabs.Panel value="images" pt="md">
        <ImagesTab form={form} />
      </Tabs.Panel>
      <Tabs.Panel value="shipping" pt="md">
        <ShippingTab form={form} currency={currency} />
      </Tabs.Panel>
      <Tabs.Panel value="inventory" pt="md">
        <InventoryTab form={form} productId={productId} />
      </Tabs.Panel>
      {hasMemberships && (
        <Tabs.Panel value="group" pt="md">
          <MembershipTab form={form} options={options} />
        </Tabs.Panel>
      )}
      <Tabs.Panel value="media" pt="md">
        <DownloadsTab form={form} options={options} />
      </Tabs.Panel>
      <Tabs.Panel value="bundles" pt="md">
        <BundlesTab form={form} currency={currency} />
      </Tabs.Panel>
      {recurring && (
        <Tabs.Panel value="billing" pt="md">
          <BillingTab form={form} />
        </Tabs.Panel>
      )}
      {options?.crm_enabled && (
        <Tabs.Panel value="crm" pt="md">
          <CrmTab form={form} />
        </Tabs.Panel>
      )}
    </Tabs>
  );
}
