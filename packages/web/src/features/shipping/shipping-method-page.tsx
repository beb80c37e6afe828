import {
  SHIPPING_CODE_MAX,
  SHIPPING_NAME_MAX,
  shippingMethodInputSchema,
  type ShippingMethod,
  type ShippingMethodInput,
  type ShippingTier,
} from '@almoner/contracts';
import { Anchor, Breadcrumbs, Button, Center, Checkbox, Group, Loader, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconTrash } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { confirm } from '../../components/dialogs.tsx';
import { toast } from '../../components/toast.ts';
import { LEAVE_WITHOUT_ASKING, useUnsavedChanges } from '../../components/use-unsaved-changes.ts';
import { ApiError } from '../../lib/api.ts';
import { RegionListField, toRegionRows, type RegionRow } from '../locale/index.ts';
import { LoadErrorAlert } from '../users/load-error-alert.tsx';
import { useDeleteShippingMethod, useSaveShippingMethod, useShippingMethod, useShippingSettings } from './api.ts';
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

function validate(values: Values): Record<string, string> {
  const parsed = shippingMethodInputSchema.safeParse(values satisfies ShippingMethodInput);
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

/** /settings/shipping/methods/new and /settings/shipping/methods/:id. */
export function ShippingMethodPage() {
  const params = useParams();
  const id = params.id ? Number(params.id) : null;
  const method = useShippingMethod(id);
  const settings = useShippingSettings();
  if ((id !== null && method.isPending) || settings.isPending) {
    return (
      <Center h={200}>
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  if (!settings.data) return <LoadErrorAlert error={settings.error} />;
  if (id !== null && !method.data) return <LoadErrorAlert error={method.error} />;
  return <MethodForm key={id ?? 'new'} method={method.data} tiers={settings.data.tiers} currency={settings.data.currency_code} />;
}

function MethodForm({ method, tiers, currency }: { method: ShippingMethod | undefined; tiers: ShippingTier[]; currency: string }) {
  const navigate = useNavigate();
  const save = useSaveShippingMethod(method?.id ?? null);
  const remove = useDeleteShippingMethod();
  const form = useForm<Values>({ initialValues: toValues(method, tiers), validate });
  useUnsavedChanges(form.isDirty());

  const handleSubmit = form.onSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values);
      toast.success('Shipping method saved.');
      const next = toValues(saved, tiers);
      form.setValues(next);
      form.resetDirty(next);
      if (!method) void navigate(`/settings/shipping/methods/${saved.id}`, { replace: true, state: LEAVE_WITHOUT_ASKING });
    } catch (error) {
      if (error instanceof ApiError && error.status === 422 && error.errors) {
        form.setErrors(Object.fromEntries(Object.entries(error.errors).map(([k, m]) => [k, m[0]])));
        return;
      }
      toast.error(error instanceof Error ? error.message : String(error));
    }
  });

  const handleDelete = async () => {
    if (!method || !(await confirm({ title: 'Delete shipping method', message: `Delete ${method.name}?`, confirmLabel: 'Delete', danger: true }))) return;
    try {
      toast.success((await remove.mutateAsync(method.id)).message);
      void navigate('/settings/shipping', { state: LEAVE_WITHOUT_ASKING });
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <Stack gap="lg" maw={1000}>
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Breadcrumbs>
            <Anchor component={Link} to="/settings/shipping" size="sm">
              Shipping
            </Anchor>
            <Text size="sm">{method ? method.name : 'Add shipping method'}</Text>
          </Breadcrumbs>
          <Title order={2}>{method ? method.name : 'Add shipping method'}</Title>
        </Stack>
        {method && (
          <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={() => void handleDelete()}>
            Delete
          </Button>
        )}
      </Group>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="lg">
          <Paper withBorder p="lg">
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput label="Name" required maxLength={SHIPPING_NAME_MAX} {...form.getInputProps('name')} />
              <TextInput label="Code" maxLength={SHIPPING_CODE_MAX} {...form.getInputProps('code')} />
              <TextInput label="Priority" description="Lower is offered first." inputMode="numeric" {...form.getInputProps('priority')} />
            </SimpleGrid>
            <Group mt="md" align="flex-start">
              <Checkbox label="Default method" description="Chosen first where it ships; only one method can be the default." {...form.getInputProps('is_default', { type: 'checkbox' })} />
              <Checkbox label="Show on the website" {...form.getInputProps('show_on_web', { type: 'checkbox' })} />
            </Group>
          </Paper>
          <Paper withBorder p="lg">
            <Title order={3} size="h4" mb="md">
              Ships to
            </Title>
            <RegionListField
              label="Regions"
              description="No regions: ships everywhere. Choose “The whole country” or one of its regions."
              name="regions"
              allowWholeCountry
              value={form.values.regions}
              onChange={(rows) => {
                form.setFieldValue('regions', rows);
                // A row's error ('regions.0.region') is about the row as it was: clear them all.
                form.setErrors(Object.fromEntries(Object.entries(form.errors).filter(([key]) => !key.startsWith('regions'))));
              }}
              errors={form.errors}
            />
          </Paper>
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
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                {tiers.map((t, i) => (
                  <TextInput key={t.id} label={tierLabel(t, currency)} inputMode="decimal" placeholder="Not offered" {...form.getInputProps(`rates.${i}.amount`)} />
                ))}
              </SimpleGrid>
            )}
          </Paper>
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              {method ? 'Save' : 'Create shipping method'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
