import {
  paymentGroupInputSchema,
  siteCurrencies,
  type PaymentGroup,
  type PaymentGroupInput,
} from '@almoner/contracts';
import { Select, TextInput } from '@mantine/core';
import { FormPageLayout, useFormPage, useRouteRecord } from '../../components/form-page/index.ts';
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

/** /payment-groups/new and /payment-groups/:id. */
export function PaymentGroupFormPage() {
  // The list only says the site's currency, which a new group starts in: without it, USD.
  const list = usePaymentGroups();
  const { record, gate, key } = useRouteRecord(usePaymentGroup, { alsoWaitFor: [list] });
  return (
    gate ?? (
      <PaymentGroupForm key={key} group={record} currency={list.data?.site_currency ?? 'USD'} />
    )
  );
}

function PaymentGroupForm({
  group,
  currency,
}: {
  group: PaymentGroup | undefined;
  currency: string;
}) {
  const save = useSavePaymentGroup(group?.id ?? null);
  const remove = useDeletePaymentGroup();
  const page = useFormPage({
    initialValues: toValues(group, currency),
    schema: paymentGroupInputSchema,
    toInput,
    save: (values: Values) => save.mutateAsync(toInput(values)),
    savedMessage: 'Payment group saved.',
    valuesAfterSave: (saved) => toValues(saved, currency),
    createdPath: group ? null : (saved) => `/payment-groups/${saved.id}`,
    remove: group && {
      title: 'Delete payment group',
      message: `Delete ${group.name}?`,
      run: () => remove.mutateAsync(group.id),
      listPath: '/payment-groups',
    },
  });
  const { form } = page;

  return (
    <FormPageLayout
      page={page}
      back={{ to: '/payment-groups', label: 'Payment groups' }}
      record={{ noun: 'payment group', name: group?.name }}
    >
      <FormPageLayout.Section cols={2}>
        <TextInput label="Name" required maxLength={100} {...form.getInputProps('name')} />
        <Select
          label="Currency"
          data={[...siteCurrencies]}
          allowDeselect={false}
          {...form.getInputProps('currency_code')}
        />
      </FormPageLayout.Section>
      <FormPageLayout.Section title="Payment options">
        <PaymentOptionsTable
          options={form.values.options}
          currency={form.values.currency_code}
          errors={form.errors}
          onChange={(options) => form.setFieldValue('options', options)}
        />
      </FormPageLayout.Section>
    </FormPageLayout>
  );
}
