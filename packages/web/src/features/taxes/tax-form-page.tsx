import {
  TAX_CITY_MAX,
  TAX_CODE_MAX,
  TAX_DESCRIPTION_MAX,
  formatRate,
  taxRateInputSchema,
  type TaxRate,
  type TaxRateInput,
} from '@almoner/contracts';
import { Anchor, Breadcrumbs, Button, Center, Group, Loader, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconTrash } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { useCan } from '../../app/session.ts';
import { confirm } from '../../components/dialogs.tsx';
import { toast } from '../../components/toast.ts';
import { LEAVE_WITHOUT_ASKING, useUnsavedChanges } from '../../components/use-unsaved-changes.ts';
import { ApiError } from '../../lib/api.ts';
import { RegionListField, toRegionRows, type RegionRow } from '../locale/index.ts';
import { ProductPicker } from '../products/product-picker.tsx';
import { LoadErrorAlert } from '../users/load-error-alert.tsx';
import { useDeleteTaxRate, useSaveTaxRate, useTaxRate } from './api.ts';

type Values = { code: string; description: string; rate: string; city: string; regions: RegionRow[]; product_ids: number[] };

const toValues = (r: TaxRate | undefined): Values => ({
  code: r?.code ?? '',
  description: r?.description ?? '',
  rate: r ? String(r.rate) : '',
  city: r?.city ?? '',
  // A new tax starts with one region row to fill in: every tax needs one.
  regions: r ? toRegionRows(r.regions) : [{ country: 'US', region: '' }],
  product_ids: r?.product_ids ?? [],
});

/** The same rules as the server, so most mistakes show before a round trip. */
function validate(values: Values): Record<string, string> {
  const parsed = taxRateInputSchema.safeParse(values satisfies TaxRateInput);
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

/** /settings/taxes/new and /settings/taxes/:id. */
export function TaxFormPage() {
  const params = useParams();
  const id = params.id ? Number(params.id) : null;
  const query = useTaxRate(id);
  if (id !== null && query.isPending) {
    return (
      <Center h={200}>
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  if (id !== null && !query.data) return <LoadErrorAlert error={query.error} />;
  return <TaxForm key={id ?? 'new'} rate={query.data} />;
}

function TaxForm({ rate }: { rate: TaxRate | undefined }) {
  const navigate = useNavigate();
  const can = useCan();
  const save = useSaveTaxRate(rate?.id ?? null);
  const remove = useDeleteTaxRate();
  const form = useForm<Values>({ initialValues: toValues(rate), validate });
  useUnsavedChanges(form.isDirty());
  const title = rate ? `${rate.code} (${formatRate(rate.rate)})` : 'Add tax';

  const handleSubmit = form.onSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values);
      toast.success('Tax saved.');
      const next = toValues(saved);
      form.setValues(next);
      form.resetDirty(next);
      if (!rate) void navigate(`/settings/taxes/${saved.id}`, { replace: true, state: LEAVE_WITHOUT_ASKING });
    } catch (error) {
      if (error instanceof ApiError && error.status === 422 && error.errors) {
        form.setErrors(Object.fromEntries(Object.entries(error.errors).map(([k, m]) => [k, m[0]])));
        return;
      }
      toast.error(error instanceof Error ? error.message : String(error));
    }
  });

  const handleDelete = async () => {
    if (!rate || !(await confirm({ title: 'Delete tax', message: `Delete ${rate.code}? Orders already taxed keep their tax lines.`, confirmLabel: 'Delete', danger: true }))) return;
    try {
      toast.success((await remove.mutateAsync(rate.id)).message);
      void navigate('/settings/taxes', { state: LEAVE_WITHOUT_ASKING });
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <Stack gap="lg" maw={1000}>
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Breadcrumbs>
            <Anchor component={Link} to="/settings/taxes" size="sm">
              Taxes
            </Anchor>
            <Text size="sm">{rate ? rate.code : 'Add tax'}</Text>
          </Breadcrumbs>
          <Title order={2}>{title}</Title>
        </Stack>
        {rate && (
          <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={() => void handleDelete()}>
            Delete
          </Button>
        )}
      </Group>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="lg">
          <Paper withBorder p="lg">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="Code" description="Shown on receipts, e.g. CA State Tax." required maxLength={TAX_CODE_MAX} {...form.getInputProps('code')} />
              <TextInput label="Rate (%)" description="Up to 4 decimals, e.g. 7.25." required inputMode="decimal" {...form.getInputProps('rate')} />
              <TextInput label="Description" maxLength={TAX_DESCRIPTION_MAX} {...form.getInputProps('description')} />
              <TextInput label="City" description="Blank: every city of the regions." maxLength={TAX_CITY_MAX} {...form.getInputProps('city')} />
            </SimpleGrid>
          </Paper>
          <Paper withBorder p="lg">
            <Title order={3} size="h4" mb="md">
              Where it applies
            </Title>
            <RegionListField
              label="Regions"
              description="The tax applies when the order's tax address is in one of these."
              name="regions"
              value={form.values.regions}
              onChange={(rows) => {
                form.setFieldValue('regions', rows);
                // A row's error ('regions.0.region') is about the row as it was: clear them all.
                form.setErrors(Object.fromEntries(Object.entries(form.errors).filter(([key]) => !key.startsWith('regions'))));
              }}
              errors={form.errors}
            />
          </Paper>
          {can('product.view') && (
            <Paper withBorder p="lg">
              <Title order={3} size="h4" mb="md">
                Products
              </Title>
              <ProductPicker
                multiple
                label="Charged on"
                value={form.values.product_ids}
                onChange={(ids) => form.setFieldValue('product_ids', ids)}
                error={form.errors.product_ids as string | undefined}
              />
            </Paper>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              {rate ? 'Save' : 'Create tax'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
