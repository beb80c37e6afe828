import { CONSENT_CHANNELS, type ConsentInput, type ConsentState, STAFF_CONSENT_SOURCES, consentSourceLabels, consentTopicLabels } from '@almoner/contracts';
import { Alert, Checkbox, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { toast } from '../../components/toast.ts';
import { ApiError } from '../../lib/api.ts';
import { useRecordConsent } from './consent-api.ts';
import { ModalActions } from '../../components/modal-actions.tsx';

type Props = { supporterId: number; name: string; consent: ConsentState; opened: boolean; onClose: () => void };

/** "Record a change" of contact preferences: Enter (Ctrl/Cmd+Enter in the note) records, Escape closes. */
export function ConsentModal({ opened, onClose, ...rest }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title="Record a change of contact preferences" size="lg">
      {opened && <ConsentForm {...rest} onClose={onClose} />}
    </Modal>
  );
}

const sources = STAFF_CONSENT_SOURCES.map((value) => ({ value, label: consentSourceLabels[value] }));
const channelLabels = { email: 'May be e-mailed', post: 'May be sent post', phone: 'May be phoned', sms: 'May be sent SMS' } as const;

function ConsentForm({ supporterId, name, consent, onClose }: Omit<Props, 'opened'>) {
  const [values, setValues] = useState({ ...consent, deceased: consent.deceased_on !== null, deceased_on: consent.deceased_on ?? '', source: null as string | null, changed_on: '', note: '' });
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const record = useRecordConsent(supporterId);
  const set = (change: Partial<typeof values>) => {
    setValues((v) => ({ ...v, ...change }));
    setErrors({});
    setFailure(null);
  };

  const submit = async () => {
    if (!values.source) return setErrors({ source: 'Choose where this change came from.' });
    if (values.deceased && !values.deceased_on) return setErrors({ deceased_on: 'Give the date of death.' });
    const input: ConsentInput = {
      ...Object.fromEntries(CONSENT_CHANNELS.map((c) => [c, values[c]])),
      do_not_contact: values.do_not_contact,
      deceased_on: values.deceased ? values.deceased_on : null,
      source: values.source as ConsentInput['source'],
      changed_on: values.changed_on,
      note: values.note,
    };
    try {
      toast.success((await record.mutateAsync(input)).message);
      onClose();
    } catch (error) {
      const fields = error instanceof ApiError ? error.errors : undefined;
      setErrors(Object.fromEntries(Object.entries(fields ?? {}).map(([k, v]) => [k, v[0]])));
      setFailure(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          What {name} asked for, or what staff learned. Each change is kept with its date, source and note.
        </Text>
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
          {CONSENT_CHANNELS.map((channel, i) => (
            <Checkbox key={channel} label={channelLabels[channel]} checked={values[channel]} data-autofocus={i === 0 || undefined} onChange={(e) => set({ [channel]: e.currentTarget.checked })} />
          ))}
        </SimpleGrid>
        <Checkbox
          label={`${consentTopicLabels.do_not_contact}: no message of any kind, receipts by e-mail included`}
          checked={values.do_not_contact}
          onChange={(e) => set({ do_not_contact: e.currentTarget.checked })}
        />
        <Group align="flex-end" gap="sm">
          <Checkbox label="Deceased" checked={values.deceased} onChange={(e) => set({ deceased: e.currentTarget.checked })} mb={8} />
          {values.deceased && (
            <TextInput type="date" label="Date of death" required value={values.deceased_on} error={errors.deceased_on} onChange={(e) => set({ deceased_on: e.currentTarget.value })} />
          )}
        </Group>
        <Group grow align="flex-start" gap="sm">
          <Select label="Source" placeholder="Where did this come from?" required data={sources} value={values.source} error={errors.source} onChange={(source) => set({ source })} />
          <TextInput type="date" label="Date of the change" description="Blank: today" value={values.changed_on} error={errors.changed_on} onChange={(e) => set({ changed_on: e.currentTarget.value })} />
        </Group>
        <Textarea
          label="Note"
          description="e.g. “Phoned on Monday, asked for post only”"
          autosize
          minRows={2}
          maxLength={500}
          value={values.note}
          error={errors.note}
          onChange={(e) => set({ note: e.currentTarget.value })}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
              event.preventDefault();
              void submit();
            }
          }}
        />
        <ModalActions submitLabel="Record change" loading={record.isPending} onCancel={onClose} />
      </Stack>
    </form>
  );
}
