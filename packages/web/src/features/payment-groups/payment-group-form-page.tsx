import {
  paymentGroupInputSchema,
  siteCurrencies,
  type PaymentGroup,
  type PaymentGroupInput,
} from '@almoner/contracts';
import {
  Anchor,
  Breadcrumbs,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconTrash } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { confirm } from '../../components/dialogs.tsx';
import { toast } from '../../components/toast.ts';
import { LEAVE_WITHOUT_ASKING, useUnsavedChanges } from '../../components/use-unsaved-changes.ts';
import { ApiError } from '../../lib/api.ts';
import { LoadErrorAlert } from '../users/load-error-alert.tsx';
import {
  useDeletePaymentGroup,
  usePaymentGroup,
  usePaymentGroups,
  useSavePaymentGroup,
} from './api.ts';
import {
  PaymentOptionsTable,
  blankOption,
  withKey,
  type OptionValues,
} from './payment-options-table.tsx';

type Values = { name: string; currency_code: string; options: OptionValues[] };

const toValues = (g: PaymentGroup | undefined, currency: string): Values => ({
  name: g?.name ?? '',
  currency_code: g?.currency_code ?? currency,
  options: g
    ? g.options.map((o) =>
        withKey({
          id: o.id,
          type: o.type,
          amount: o.amount === null ? '' : String(o.amount),
          recurring_frequency: o.recurring_frequency,
          recurring_day: o.recurring_day === null ? null : String(o.recurring_day),
          recurring_day_of_week:
            o.recurring_day_of_week === null ? null : String(o.recurring_day_of_week),
        }),
      )
    : [blankOption()],
});

const toInput = (v: Values): PaymentGroupInput => ({
  name: v.name,
  currency_code: v.currency_code,
  options: v.options.map(({ key: _key, ...o }) => o),
});

function validate(values: Values): Record<string, string> {
  const parsed = paymentGroupInputSchema.safeParse(toInput(values));
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

/** /payment-groups/new and /payment-groups/:id. */
export function PaymentGroupFormPage() {
  const params = useParams();
  const id = params.id ? Number(params.id) : null;
  return (
    <Screen
      key={id ?? 'new'}
      id={id !== null && Number.isInteger(id) ? id : -1}
      isNew={id === null}
    />
  );
}

function Screen({ id, isNew }: { id: number; isNew: boolean }) {
  const query = usePaymentGroup(isNew ? null : id);
  const list = usePaymentGroups();
  if ((!isNew && query.isPending) || list.isPending) {
    return (
      <Center h={200}>
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  if (!isNew && !query.data) return <LoadErrorAlert error={query.error} />;
  return <PaymentGroupForm group={query.data} currency={list.data?.site_currency ?? 'USD'} />;
}

function PaymentGroupForm({
  group,
  currency,
}: {
  group: PaymentGroup | undefined;
  currency: string;
}) {
  const navigate = useNavigate();
  const save = useSavePaymentGroup(group?.id ?? null);
  const remove = useDeletePaymentGroup();
  const form = useForm<Values>({ initialValues: toValues(group, currency), validate });
  useUnsavedChanges(form.isDirty());
  const errors = Object.fromEntries(Object.entries(form.errors).map(([k, v]) => [k, String(v)]));
  const title = group ? group.name : 'Add payment group';

  const handleSubmit = form.onSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(toInput(values));
      toast.success('Payment group saved.');
      const next = toValues(saved, currency);
      form.setValues(next);
      form.resetDirty(next);
      if (!group)
        void navigate(`/payment-groups/${saved.id}`, {
          replace: true,
          state: LEAVE_WITHOUT_ASKING,
        });
    } catch (error) {
      if (error instanceof ApiError && error.status === 422 && error.errors) {
        form.setErrors(Object.fromEntries(Object.entries(error.errors).map(([k, v]) => [k, v[0]])));
        return;
      }
      toast.error(error instanceof Error ? error.message : String(error));
    }
  });

  const handleDelete = async () => {
    if (!group) return;
    if (
      !(await confirm({
        title: 'Delete payment group',
        message: `Delete ${group.name}?`,
        confirmLabel: 'Delete',
        danger: true,
      }))
    )
      return;
    try {
      toast.success((await remove.mutateAsync(group.id)).message);
      void navigate('/payment-groups', { state: LEAVE_WITHOUT_ASKING });
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <Stack gap="lg" maw={1000}>
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Breadcrumbs>
            <Anchor component={Link} to="/payment-groups" size="sm">
              Payment groups
            </Anchor>
            <Text size="sm">{title}</Text>
          </Breadcrumbs>
          <Title order={2}>{title}</Title>
        </Stack>
        {group && (
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} />}
            onClick={() => void handleDelete()}
          >
            Delete
          </Button>
        )}
      </Group>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="lg">
          <Paper withBorder p="lg">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="Name" required maxLength={100} {...form.getInputProps('name')} />
              <Select
                label="Currency"
                data={[...siteCurrencies]}
                allowDeselect={false}
                {...form.getInputProps('currency_code')}
              />
            </SimpleGrid>
          </Paper>
          <Paper withBorder p="lg">
            <Title order={3} size="h4" mb="md">
              Payment options
            </Title>
            <PaymentOptionsTable
              options={form.values.options}
              currency={form.values.currency_code}
              errors={errors}
              onChange={(options) => form.setFieldValue('options', options)}
            />
            {errors.options && (
              <Text size="sm" c="red" mt="xs" role="alert">
                {errors.options}
              </Text>
            )}
          </Paper>
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              {group ? 'Save' : 'Create payment group'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
