import { possibleDuplicateReasons } from '@almoner/contracts';
import { Alert, Anchor, List, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../lib/api.ts';
import { FormPageLayout, loadingOrFailed, useFormPage, useRecordParam } from '../../components/form-page/index.ts';
import { AddressSection } from './address-section.tsx';
import { type SupporterFormValues, toInput, toValues, validate } from './supporter-form-values.ts';
import { type SupporterRecord, supporterName, useAccountTypes, usePossibleDuplicates, useSaveSupporter, useSupporter } from './api.ts';


/**
 * /supporters/new and /supporters/:id/edit: add a supporter by hand or correct one (issue 36;
 * the spec is silent). Who they are, how to reach them, and their billing and shipping
 * addresses, with the countries and states of the locale service. While staff type, the
 * people already here with the same e-mail, or the same name and postcode, are shown with a
 * link, so a duplicate is seen before it is made.
 */
export function SupporterFormPage() {
  const { id, isNew, key } = useRecordParam();
  const supporter = useSupporter(isNew ? null : id);
  const types = useAccountTypes();
  const gate = loadingOrFailed(isNew ? [types] : [supporter, types]);
  if (gate) return gate;
  const defaultType = types.data?.find((t) => t.is_default)?.id ?? null;
  return <SupporterForm key={key} supporter={supporter.data?.supporter} defaultType={defaultType} />;
}

function SupporterForm({ supporter, defaultType }: { supporter: SupporterRecord | undefined; defaultType: number | null }) {
  const types = useAccountTypes();
  const save = useSaveSupporter(supporter?.id ?? null);
  const detail = useSupporter(supporter?.id ?? null);
  // The version of the record the form shows: sent with a save, so one made over someone else's
  // newer save is refused; each save of ours moves it on.
  const [version, setVersion] = useState(supporter?.updated_at);
  const page = useFormPage({
    initialValues: toValues(supporter, defaultType),
    validate,
    save: async (values: SupporterFormValues) => {
      try {
        return (await save.mutateAsync({ ...toInput(values), ...(version ? { updated_at: version } : {}) })).supporter;
      } catch (error) {
        // Someone saved first: show what they saved (the toast says so); staff make theirs again.
        if (error instanceof ApiError && error.status === 409) {
          const fresh = (await detail.refetch()).data?.supporter;
          if (fresh) {
            const next = toValues(fresh, defaultType);
            page.form.setValues(next);
            page.form.resetDirty(next);
            setVersion(fresh.updated_at);
          }
        }
        throw error;
      }
    },
    savedMessage: (saved) => `${supporterName(saved)} was ${supporter ? 'saved' : 'added'}.`,
    valuesAfterSave: (saved) => toValues(saved, defaultType),
    createdPath: supporter ? null : (saved) => `/supporters/${saved.id}`,
    onSaved: (saved) => setVersion(saved.updated_at),
  });
  const { form } = page;
  const isOrganisation = types.data?.find((t) => String(t.id) === form.values.account_type_id)?.is_organization ?? false;
  const name = supporter ? supporterName(supporter) : 'Add supporter';

  return (
    <FormPageLayout
      page={page}
      back={supporter ? { to: `/supporters/${supporter.id}`, label: supporterName(supporter) } : { to: '/supporters', label: 'Supporters' }}
      title={supporter ? `Edit ${name}` : name}
      crumb={supporter ? 'Edit' : name}
      submitLabel={supporter ? 'Save' : 'Add supporter'}
      above={<PossibleDuplicates values={form.values} exceptId={supporter?.id ?? null} />}
    >
      <FormPageLayout.Section title="Who they are">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label="Type"
            data={(types.data ?? []).map((t) => ({ value: String(t.id), label: t.name }))}
            allowDeselect={false}
            {...form.getInputProps('account_type_id')}
          />
          {isOrganisation ? (
            <TextInput label="Organisation name" required maxLength={100} {...form.getInputProps('bill_organization_name')} />
          ) : (
            <TextInput label="Title" description="Mr, Ms, Dr, Rev…" maxLength={45} {...form.getInputProps('title')} />
          )}
          <TextInput label="First name" maxLength={45} autoComplete="off" {...form.getInputProps('first_name')} />
          <TextInput label="Last name" maxLength={45} autoComplete="off" {...form.getInputProps('last_name')} />
          <TextInput label="Email" type="email" maxLength={45} autoComplete="off" {...form.getInputProps('email')} />
          <TextInput label="Phone" type="tel" maxLength={45} autoComplete="off" {...form.getInputProps('bill_phone')} />
          <TextInput label="Referral source" description="How they came to you: an event, a friend, a campaign." maxLength={100} {...form.getInputProps('referral_source')} />
          <TextInput label="Membership number" description="The number on their member card; no two supporters share one." maxLength={45} autoComplete="off" {...form.getInputProps('membership_number')} />
        </SimpleGrid>
      </FormPageLayout.Section>
      <AddressSection form={form} prefix="bill" title="Billing address" />
      <AddressSection form={form} prefix="ship" title="Shipping address" />
    </FormPageLayout>
  );
}

/** The people already here who may be this one, a moment after staff stop typing. */
function PossibleDuplicates({ values, exceptId }: { values: SupporterFormValues; exceptId: number | null }) {
  // Debounced as text: an object made afresh each render would restart the wait for ever.
  const [asked] = useDebouncedValue(JSON.stringify({ email: values.email, first_name: values.first_name, last_name: values.last_name, bill_zip: values.bill_zip, except_id: exceptId }), 400);
  const duplicates = usePossibleDuplicates(JSON.parse(asked) as Parameters<typeof usePossibleDuplicates>[0]);
  const found = duplicates.data ?? [];
  if (found.length === 0) return null;
  return (
    <Alert color="yellow" title="This may be someone already here" role="status">
      <List size="sm">
        {found.map((d) => (
          <List.Item key={d.id}>
            {/* Dark and underlined: the theme's teal reads at 4.48:1 on the alert's yellow. */}
            <Anchor component={Link} to={`/supporters/${d.id}`} c="dark" underline="always" fw={600}>
              {d.name}
            </Anchor>
            {d.email ? ` · ${d.email}` : ''} ({possibleDuplicateReasons[d.reason]})
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
