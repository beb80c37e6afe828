import {
  SHIPPING_CODE_MAX,
  SHIPPING_NAME_MAX,
  shippingMethodInputSchema,
  type ShippingMethod,
  type ShippingMethodInput,
  type ShippingTier,
} from '@almoner/contracts';
import { Anchor, Checkbox, Group, Paper, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import {
  FieldGrid,
  FormPageLayout,
  useFormPage,
  useRouteRecord,
  type TextField,
} from '../../components/form-page/index.ts';
import { RegionListField, toRegionRows, type RegionRow } from '../locale/index.ts';
import {
  useDeleteShippingMethod,
  useSaveShippingMethod,
  useShippingMethod,
  useShippingSettings,
} from './api.ts';
import { tierLabel } from './tier-label.ts';

type Values = {
  name: string;
  code: string;
  priority: string;
  is_default: boolean;
  show_on_web: boolean;
  regions: RegionRow[];
  /** One amount per tier, in the tiers' order; blank = not offered in that tier. */
  rates: { tier_id: number; amount: string }[];
};

const methodFields: TextField<Values>[] = [
  { name: 'name', label: 'Name', required: true, maxLength: SHIPPING_NAME_MAX },
  { name: 'code', label: 'Code', maxLength: SHIPPING_CODE_MAX },
  { name: 'priority', label: 'Priority', description: 'Lower is offered first.', inputMode: 'numeric' },
];

const toValues = (m: ShippingMethod | undefined, tiers: ShippingTier[]): Values => ({
  name: m?.name ?? '',
  code: m?.code ?? '',
  priority: String(m?.priority ?? 0),
  is_default: m?.is_default ?? false,
  show_on_web: m?.show_on_web ?? true,
  regions: toRegionRows(m?.regions),
  rates: tiers.map((t) => {
    const rate = m?.rates.find((r) => r.tier_id === t.id);
    return { tier_id: t.id, amount: rate ? String(rate.amount) : '' };
  }),
});

/** /settings/shipping/methods/new and /settings/shipping/methods/:id. */
export function ShippingMethodPage() {
  const settings = useShippingSettings();
  const { record, gate, key } = useRouteRecord(useShippingMethod, { needed: [settings] });
  if (gate || !settings.data) return gate;
  return (
    <MethodForm
      key={key}
      method={record}
      tiers={settings.data.tiers}
      currency={settings.data.currency_code}
    />
  );
}

function MethodForm({
  method,
  tiers,
  currency,
}: {
  method: ShippingMethod | undefined;
  tiers: ShippingTier[];
  currency: string;
}) {
  const save = useSaveShippingMethod(method?.id ?? null);
  const remove = useDeleteShippingMethod();
  const page = useFormPage({
    initialValues: toValues(method, tiers),
    schema: shippingMethodInputSchema,
    toInput: (values) => values satisfies ShippingMethodInput,
    save: (values: Values) => save.mutateAsync(values),
    savedMessage: 'Shipping method saved.',
    valuesAfterSave: (saved) => toValues(saved, tiers),
    createdPath: method ? null : (saved) => `/settings/shipping/methods/${saved.id}`,
    remove: method && {
      title: 'Delete shipping method',
      message: `Delete ${method.name}?`,
      run: () => remove.mutateAsync(method.id),
      listPath: '/settings/shipping',
    },
  });
  const { form } = page;

  return (
    <FormPageLayout
      page={page}
      back={{ to: '/settings/shipping', label: 'Shipping' }}
      record={{ noun: 'shipping method', name: method?.name }}
    >
      <FormPageLayout.Section>
        <FieldGrid form={form} cols={3} fields={methodFields} />
        <Group mt="md" align="flex-start">
          <Checkbox
            label="Default method"
            description="Chosen first where it ships; only one method can be the default."
            {...form.getInputProps('is_default', { type: 'checkbox' })}
          />
          <Checkbox
            label="Show on the website"
            {...form.getInputProps('show_on_web', { type: 'checkbox' })}
          />
        </Group>
      </FormPageLayout.Section>
      <FormPageLayout.Section title="Ships to">
        <RegionListField
          label="Regions"
          description="No regions: ships everywhere. Choose “The whole country” or one of its regions."
          allowWholeCountry
          {...page.rowList('regions')}
        />
      </FormPageLayout.Section>
      <Paper withBorder p="lg">
        <Title order={3} size="h4">
          Cost per tier ({currency})
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          Leave a tier blank to not offer this method there.{' '}
          <Anchor component={Link} to="/settings/shipping" underline="always">
            Edit the tiers
          </Anchor>
        </Text>
        {tiers.length === 0 ? (
          <Text size="sm">There are no tiers yet: add them on the shipping page first.</Text>
        ) : (
          <FieldGrid
            form={form}
            cols={3}
            fields={tiers.map((t, i) => ({
              name: `rates.${i}.amount`,
              label: tierLabel(t, currency),
              inputMode: 'decimal',
              placeholder: 'Not offered',
            }))}
          />
        )}
      </Paper>
    </FormPageLayout>
  );
}
