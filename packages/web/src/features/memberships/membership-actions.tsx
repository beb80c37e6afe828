import {
  type MembershipEnd,
  type MembershipExtend,
  type MembershipGrant,
  type SupporterMembership,
  MEMBERSHIP_REASON_MAX,
  formatDate,
  membershipEndSchema,
  membershipExtendSchema,
  membershipGrantSchema,
} from '@almoner/contracts';
import { Button, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { WithOrgToday } from '../../app/with-org-today.tsx';
import { saveForm, validateWith } from '../../components/form-page/index.ts';
import { ModalActions } from '../../components/modal-actions.tsx';
import { RecordHistory } from '../audit/record-history.tsx';
// Today in the browser as the date field's ISO value (the server checks against the organisation's day).
import { useChangeMembership, useGrantMembership, useMembershipLevels } from './api.ts';


const reasonField = (label: string) => ({ label, required: true, maxLength: MEMBERSHIP_REASON_MAX, autosize: true, minRows: 2 });

type GrantValues = { membership_id: string; starts_on: string; expires_on: string; membership_number: string; reason: string };
const grantValidate = validateWith(membershipGrantSchema, (v: GrantValues) => v satisfies MembershipGrant);

function GrantForm({ supporterId, number, today, onDone }: { supporterId: number; number: string | null; today: string; onDone: () => void }) {
  const levels = useMembershipLevels();
  const grant = useGrantMembership(supporterId);
  const form = useForm<GrantValues>({ initialValues: { membership_id: '', starts_on: today, expires_on: '', membership_number: number ?? '', reason: '' }, validate: grantValidate });
  const options = (levels.data?.data ?? []).filter((l) => l.is_public).map((l) => ({ value: String(l.id), label: l.duration_days === null ? l.name : `${l.name} (${l.duration_days} days)` }));
  const submit = form.onSubmit((values) => saveForm(form, () => grant.mutateAsync(values), { after: onDone, failed: 'The membership could not be granted. Please try again.' }));
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Select label="Level" required data={options} placeholder={levels.isPending ? 'Loading…' : 'Choose a level'} data-autofocus {...form.getInputProps('membership_id')} />
        <SimpleGrid cols={2}>
          <TextInput type="date" label="Starts" required {...form.getInputProps('starts_on')} />
          <TextInput type="date" label="Expires" description="Blank: the level's length." {...form.getInputProps('expires_on')} />
        </SimpleGrid>
        <TextInput label="Membership number" description="The supporter's number, on their card." maxLength={45} {...form.getInputProps('membership_number')} />
        <Textarea {...reasonField('Why, for the record')} {...form.getInputProps('reason')} />
        <ModalActions submitLabel="Grant membership" loading={grant.isPending} onCancel={onDone} />
      </Stack>
    </form>
  );
}

/** Grant a membership by hand (`member.edit`): level, dates, the member's number and the reason. */
export function GrantMembershipButton({ supporterId, number }: { supporterId: number; number: string | null }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setOpened(true)}>
        Grant membership
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Grant membership">
        {opened && <WithOrgToday>{(today) => <GrantForm supporterId={supporterId} number={number} today={today} onDone={() => setOpened(false)} />}</WithOrgToday>}
      </Modal>
    </>
  );
}

type ChangeValues = { day: string; reason: string };
const extendValidate = validateWith(membershipExtendSchema, (v: ChangeValues) => ({ expires_on: v.day, reason: v.reason }) satisfies MembershipExtend, (path) => (path === 'expires_on' ? 'day' : path));
const endValidate = validateWith(membershipEndSchema, (v: ChangeValues) => ({ ends_on: v.day, reason: v.reason }) satisfies MembershipEnd, (path) => (path === 'ends_on' ? 'day' : path));

function ChangeForm({ membership, action, today, onDone }: { membership: SupporterMembership; action: 'extend' | 'end'; today: string; onDone: () => void }) {
  const change = useChangeMembership(membership.id);
  const extend = action === 'extend';
  const form = useForm<ChangeValues>({ initialValues: { day: extend ? '' : today, reason: '' }, validate: extend ? extendValidate : endValidate });
  const submit = form.onSubmit((v) =>
    saveForm(
      { setErrors: (errors) => form.setErrors(Object.fromEntries(Object.entries(errors).map(([k, e]) => [k === 'expires_on' || k === 'ends_on' ? 'day' : k, e]))) },
      () => change.mutateAsync(extend ? { action, expires_on: v.day, reason: v.reason } : { action, ends_on: v.day, reason: v.reason }),
      { after: onDone, failed: 'The membership could not be changed. Please try again.' },
    ),
  );
  return (
    <Stack gap="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">
            {`${membership.name}: ${formatDate(membership.starts_on)} – ${membership.expires_on ? formatDate(membership.expires_on) : 'no expiry'}`}
          </Text>
          <TextInput type="date" label={extend ? 'New expiry date' : 'Ends on'} required data-autofocus {...form.getInputProps('day')} />
          <Textarea {...reasonField('Why, for the record')} {...form.getInputProps('reason')} />
          <ModalActions submitLabel={extend ? 'Extend membership' : 'End membership'} danger={!extend} loading={change.isPending} onCancel={onDone} />
        </Stack>
      </form>
      <RecordHistory table="supporter_memberships" id={membership.id} description="Changes to this membership." />
    </Stack>
  );
}

/** Extend or end one membership, each with the reason; the dialog shows the membership's history below. */
export function MembershipRowActions({ membership }: { membership: SupporterMembership }) {
  const [action, setAction] = useState<'extend' | 'end' | null>(null);
  const ended = membership.is_expired;
  return (
    <>
      <Group gap={4}>
        {membership.expires_on !== null && (
          <Button size="compact-xs" variant="subtle" onClick={() => setAction('extend')} aria-label={`Extend ${membership.name} membership`}>
            Extend
          </Button>
        )}
        {!ended && (
          <Button size="compact-xs" variant="subtle" color="red" onClick={() => setAction('end')} aria-label={`End ${membership.name} membership`}>
            End
          </Button>
        )}
      </Group>
      <Modal opened={action !== null} onClose={() => setAction(null)} title={action === 'end' ? 'End membership' : 'Extend membership'} size="lg">
        {action && <WithOrgToday>{(today) => <ChangeForm membership={membership} action={action} today={today} onDone={() => setAction(null)} />}</WithOrgToday>}
      </Modal>
    </>
  );
}
