import {
  MEMBERSHIP_LEVEL_NAME_MAX,
  type MembershipLevel,
  type MembershipLevelInput,
  RENEWAL_RULES,
  membershipLevelInputSchema,
  membershipMessages,
  renewalRuleLabels,
} from '@almoner/contracts';
import { Select, SimpleGrid, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { RecordHistory } from '../audit/record-history.tsx';
import { FormPageLayout, useFormPage, useRouteRecord } from '../../components/form-page/index.ts';
import { useDeleteMembershipLevel, useMembershipLevel, useSaveMembershipLevel } from './api.ts';

type Values = { name: string; description: string; duration_days: string; price: string; renewal_rule: string; is_public: boolean };

const toValues = (l: MembershipLevel | undefined): Values => ({
  name: l?.name ?? '',
  description: l?.description ?? '',
  duration_days: l?.duration_days === null || l?.duration_days === undefined ? '' : String(l.duration_days),
  price: l?.price === null || l?.price === undefined ? '' : l.price.toFixed(2),
  renewal_rule: l?.renewal_rule ?? 'from_expiry',
  is_public: l?.is_public ?? true,
});

const toInput = (values: Values) => values as MembershipLevelInput;
const rules = RENEWAL_RULES.map((value) => ({ value, label: renewalRuleLabels[value] }));

/** /membership-levels/new and /membership-levels/:id. */
export function MembershipLevelFormPage() {
  const { record, gate, key } = useRouteRecord(useMembershipLevel);
  return gate ?? <LevelForm key={key} level={record} />;
}

function LevelForm({ level }: { level: MembershipLevel | undefined }) {
  const save = useSaveMembershipLevel(level?.id ?? null);
  const remove = useDeleteMembershipLevel();
  const page = useFormPage({
    initialValues: toValues(level),
    schema: membershipLevelInputSchema,
    toInput,
    save: (values: Values) => save.mutateAsync(toInput(values)),
    savedMessage: (saved) => saved.message,
    valuesAfterSave: (saved) => toValues(saved.level),
    createdPath: level ? null : (saved) => `/membership-levels/${saved.level.id}`,
    remove: level && {
      title: 'Delete membership level',
      message: membershipMessages.confirmDelete(level.name),
      run: () => remove.mutateAsync(level.id),
      listPath: '/membership-levels',
    },
  });
  const { form } = page;
  return (
    <FormPageLayout
      page={page}
      back={{ to: '/membership-levels', label: 'Membership levels' }}
      record={{ noun: 'membership level', name: level?.name }}
      maw={900}
      below={level && <RecordHistory table="memberships" id={level.id} description="Changes to this membership level." />}
    >
      <FormPageLayout.Section title="The level">
        <TextInput label="Name" required maxLength={MEMBERSHIP_LEVEL_NAME_MAX} {...form.getInputProps('name')} />
        <Textarea mt="md" label="Description" autosize minRows={2} maxRows={6} {...form.getInputProps('description')} />
        <SimpleGrid cols={{ base: 1, sm: 3 }} mt="md">
          <TextInput label="Length (days)" description="365 for a year; blank never expires." inputMode="numeric" {...form.getInputProps('duration_days')} />
          <TextInput label={`Price${level ? ` (${level.currency_code})` : ''}`} description="Blank when it has no set price." inputMode="decimal" {...form.getInputProps('price')} />
          <Select label="Renewal counted" data={rules} allowDeselect={false} {...form.getInputProps('renewal_rule')} />
        </SimpleGrid>
        <Switch mt="md" label="Offered" description="Turned off, it is no longer granted or sold; memberships held keep it." {...form.getInputProps('is_public', { type: 'checkbox' })} />
        {level && level.active > 0 && (
          <Text size="sm" c="dimmed" mt="sm">
            {level.active === 1 ? 'One membership of this level has not ended.' : `${level.active.toLocaleString('en-US')} memberships of this level have not ended.`}
          </Text>
        )}
      </FormPageLayout.Section>
    </FormPageLayout>
  );
}
