import { TRIBUTE_TYPE_LABEL_MAX, tributeTypeInputSchema, tributeTypeMessages, type TributeType, type TributeTypeInput } from '@almoner/contracts';
import { NumberInput, SimpleGrid, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { RecordHistory } from '../audit/record-history.tsx';
import { FormPageLayout, useFormPage, useRouteRecord } from '../../components/form-page/index.ts';
import { useDeleteTributeType, useSaveTributeType, useTributeType } from './api.ts';

type Values = {
  label: string;
  is_enabled: boolean;
  sequence: number;
  email_subject: string;
  email_cc: string;
  email_bcc: string;
  email_template: string;
  letter_template: string;
};

const toValues = (t: TributeType | undefined): Values => ({
  label: t?.label ?? '',
  is_enabled: t?.is_enabled ?? true,
  sequence: t?.sequence ?? 0,
  email_subject: t?.email_subject ?? '',
  email_cc: t?.email_cc ?? '',
  email_bcc: t?.email_bcc ?? '',
  email_template: t?.email_template ?? '',
  letter_template: t?.letter_template ?? '',
});

const TAGS = 'Merge tags: {{ tribute.name }}, {{ tribute.notify_name }}, {{ tribute.amount }}, {{ tribute.message }}, {{ tribute.type }}, {{ donor.first_name }}, {{ donor.last_name }}, {{ date }}, {{ organisation }}.';

/** /tribute-types/new and /tribute-types/:id. */
export function TributeTypeFormPage() {
  const { record, gate, key } = useRouteRecord(useTributeType);
  return gate ?? <TributeTypeForm key={key} type={record} />;
}

function TributeTypeForm({ type }: { type: TributeType | undefined }) {
  const save = useSaveTributeType(type?.id ?? null);
  const remove = useDeleteTributeType();
  const page = useFormPage({
    initialValues: toValues(type),
    // The templates themselves are checked by the server's engine.
    schema: tributeTypeInputSchema,
    toInput: (values) => values satisfies TributeTypeInput,
    save: (values: Values) => save.mutateAsync(values),
    savedMessage: (saved) => saved.message,
    valuesAfterSave: (saved) => toValues(saved.tribute_type),
    createdPath: type ? null : (saved) => `/tribute-types/${saved.tribute_type.id}`,
    remove: type && {
      title: 'Delete tribute type',
      message: tributeTypeMessages.confirmDelete(type.label),
      run: () => remove.mutateAsync(type.id),
      listPath: '/tribute-types',
    },
  });
  const { form } = page;

  return (
    <FormPageLayout
      page={page}
      back={{ to: '/tribute-types', label: 'Tribute types' }}
      record={{ noun: 'tribute type', name: type?.label }}
      below={type && <RecordHistory table="tribute_types" id={type.id} description="Changes to this tribute type and its notices." />}
    >
      <FormPageLayout.Section title="The tribute type">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Name" description="As donors and staff read it, e.g. In memory of." required maxLength={TRIBUTE_TYPE_LABEL_MAX} {...form.getInputProps('label')} />
          <NumberInput label="Order" description="Lower numbers are offered first." min={0} max={9999} allowDecimal={false} allowNegative={false} w={160} {...form.getInputProps('sequence')} />
        </SimpleGrid>
        <Switch mt="md" label="Offered" description="Turned off, it is no longer offered; tributes already made keep it." {...form.getInputProps('is_enabled', { type: 'checkbox' })} />
        {type && type.tributes > 0 && (
          <Text size="sm" c="dimmed" mt="sm">
            {`${type.tributes.toLocaleString('en-US')} ${type.tributes === 1 ? 'tribute names' : 'tributes name'} this type.`}
          </Text>
        )}
      </FormPageLayout.Section>
      <FormPageLayout.Section title="E-mail to the person named">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput label="Subject" maxLength={255} {...form.getInputProps('email_subject')} />
          <TextInput label="Cc" description="Addresses, separated by commas." maxLength={255} {...form.getInputProps('email_cc')} />
          <TextInput label="Bcc" description="Addresses, separated by commas." maxLength={255} {...form.getInputProps('email_bcc')} />
        </SimpleGrid>
        <Textarea mt="md" label="E-mail template" description={`Left blank, the Tribute notice of Settings › Mail templates is sent. ${TAGS}`} autosize minRows={6} maxRows={20} ff="monospace" {...form.getInputProps('email_template')} />
      </FormPageLayout.Section>
      <FormPageLayout.Section title="Printed letter">
        <Textarea label="Letter template" description={`Left blank, the standard letter is printed. ${TAGS}`} autosize minRows={6} maxRows={20} ff="monospace" {...form.getInputProps('letter_template')} />
      </FormPageLayout.Section>
    </FormPageLayout>
  );
}
