import {
  DISCOUNT_TYPES,
  FREE_SHIPPING_LABEL_MAX,
  PROMO_CODE_MAX,
  describeDiscount,
  discountTypeLabels,
  isBuyXGetY,
  isPercent,
  promoInputSchema,
  siteCurrencies,
  type DiscountType,
  type Promo,
  type PromoInput,
} from '@almoner/contracts';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  SimpleGrid,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { useNavigate, useParams } from 'react-router';
import { useCan } from '../../app/session.ts';
import {
  FormPageLayout,
  loadingOrFailed,
  useFormPage,
  validateWith,
} from '../../components/form-page/index.ts';
import { toast } from '../../components/toast.ts';
import { LEAVE_WITHOUT_ASKING } from '../../components/use-unsaved-changes.ts';
import { ProductPicker } from '../products/product-picker.tsx';
import { CategoryChooser } from './category-chooser.tsx';
import { useDeletePromo, useDuplicatePromo, usePromo, usePromos, useSavePromo } from './api.ts';

type Values = {
  code: string;
  description: string;
  discount_type: DiscountType;
  discount: string;
  currency_code: string;
  buy_quantity: string;
  allocation_limit: string;
  usage_limit: string;
  usage_limit_per_account: string;
  starts_on: string;
  ends_on: string;
  is_free_shipping: boolean;
  free_shipping_label: string;
  product_ids: number[];
  category_ids: string[];
};

const s = (v: number | string | null | undefined) =>
  v === null || v === undefined ? '' : String(v);
const toValues = (p: Promo | undefined, currency: string): Values => ({
  code: p?.code ?? '',
  description: p?.description ?? '',
  discount_type: p?.discount_type ?? 'percent',
  discount: s(p?.discount),
  currency_code: p?.currency_code ?? currency,
  buy_quantity: s(p?.buy_quantity),
  allocation_limit: s(p?.allocation_limit),
  usage_limit: s(p?.usage_limit),
  usage_limit_per_account: s(p?.usage_limit_per_account),
  starts_on: p?.starts_on ?? '',
  ends_on: p?.ends_on ?? '',
  is_free_shipping: p?.is_free_shipping ?? false,
  free_shipping_label: p?.free_shipping_label ?? '',
  product_ids: p?.product_ids ?? [],
  category_ids: (p?.category_ids ?? []).map(String),
});
const toInput = (v: Values): PromoInput => ({
  ...v,
  category_ids: v.category_ids.map(Number),
});

const validate = validateWith(promoInputSchema, toInput);

/** /promos/new and /promos/:id. */
export function PromoFormPage() {
  const params = useParams();
  const id = params.id ? Number(params.id) : null;
  const query = usePromo(id);
  const list = usePromos();
  // The list only says the site's currency, which a new promo starts in: without it, USD.
  return (
    loadingOrFailed(id === null ? [] : [query], [list]) ?? (
      <PromoForm
        key={id ?? 'new'}
        promo={query.data}
        currency={list.data?.site_currency ?? 'USD'}
      />
    )
  );
}

/** The promo form (spec part 1 §4): the description and fields follow the discount type. */
function PromoForm({ promo, currency }: { promo: Promo | undefined; currency: string }) {
  const navigate = useNavigate();
  const can = useCan();
  const save = useSavePromo(promo?.id ?? null);
  const duplicate = useDuplicatePromo();
  const remove = useDeletePromo();
  const page = useFormPage({
    initialValues: toValues(promo, currency),
    validate,
    save: (values: Values) => save.mutateAsync(toInput(values)),
    savedMessage: 'Promo code saved.',
    valuesAfterSave: (saved) => toValues(saved, currency),
    createdPath: promo ? null : (saved) => `/promos/${saved.id}`,
    remove: promo && {
      title: 'Delete promo code',
      message: `Delete ${promo.code}?`,
      run: () => remove.mutateAsync(promo.id),
      listPath: '/promos',
    },
  });
  const { form } = page;
  const v = form.values;
  const title = promo ? promo.code : 'Add promo code';
  const percent = isPercent(v.discount_type);
  const discount =
    v.discount.trim() === '' || Number.isNaN(Number(v.discount)) ? null : Number(v.discount);
  const buy = v.buy_quantity.trim() === '' ? null : Number(v.buy_quantity);

  const handleDuplicate = async () => {
    if (!promo) return;
    try {
      const copy = await duplicate.mutateAsync(promo.id);
      toast.success(copy.message);
      void navigate(`/promos/${copy.id}`, { state: LEAVE_WITHOUT_ASKING });
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <FormPageLayout
      page={page}
      back={{ to: '/promos', label: 'Promo codes' }}
      title={title}
      maw={1000}
      actions={
        promo && (
          <Button
            variant="default"
            leftSection={<IconCopy size={16} />}
            onClick={() => void handleDuplicate()}
            loading={duplicate.isPending}
          >
            Duplicate
          </Button>
        )
      }
      submitLabel={promo ? 'Save' : 'Create promo code'}
    >
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
          <SimpleGrid cols={{ base: 1, sm: 2 }} mt="md">
            <TextInput
              label="Buy quantity"
              required
              inputMode="numeric"
              {...form.getInputProps('buy_quantity')}
            />
            <TextInput
              label="Times per order"
              description="Blank for no limit."
              inputMode="numeric"
              {...form.getInputProps('allocation_limit')}
            />
          </SimpleGrid>
        )}
      </Paper>
      <Paper withBorder p="lg">
        <Title order={3} size="h4" mb="md">
          Limits and dates
        </Title>
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
          {v.is_free_shipping && (
            <TextInput
              label="Shipping label"
              maxLength={FREE_SHIPPING_LABEL_MAX}
              placeholder="Free Shipping"
              {...form.getInputProps('free_shipping_label')}
            />
          )}
        </Group>
      </Paper>
      {can('product.view') && (
        <Paper withBorder p="lg">
          <Title order={3} size="h4" mb="md">
            Applies to
          </Title>
          <ProductPicker
            multiple
            label="Products"
            value={v.product_ids}
            onChange={(ids) => form.setFieldValue('product_ids', ids)}
            error={form.errors.product_ids as string | undefined}
          />
          <CategoryChooser
            value={v.category_ids}
            onChange={(ids) => form.setFieldValue('category_ids', ids)}
            error={form.errors.category_ids}
          />
        </Paper>
      )}
    </FormPageLayout>
  );
}
