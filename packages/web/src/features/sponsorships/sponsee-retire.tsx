import { SPONSEE_RETIRE_REASON_MAX, type SponseeDetail, type SponseeRetire, formatDateTime, sponseeRetireSchema } from '@almoner/contracts';
import { Alert, Button, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArchive, IconArrowBackUp } from '@tabler/icons-react';
import { useState } from 'react';
import { saveForm, validateWith } from '../../components/form-page/index.ts';
import { toast } from '../../components/toast.ts';
import { useRetireSponsee } from './api.ts';
import { ModalActions } from '../../components/modal-actions.tsx';

type Sponsee = SponseeDetail['sponsee'];
type Values = { reason: string };
const validate = validateWith(sponseeRetireSchema, (values: Values) => values satisfies SponseeRetire);

/** Asks why the sponsee leaves the programme, then retires them; Enter in the reason does not submit (it is several lines). */
function RetireForm({ sponsee, onDone }: { sponsee: Sponsee; onDone: () => void }) {
  const retire = useRetireSponsee(sponsee.id);
  const form = useForm<Values>({ initialValues: { reason: '' }, validate });
  const submit = form.onSubmit((values) =>
    saveForm(form, () => retire.mutateAsync({ retire: true, reason: values.reason }), { after: onDone, failed: 'The sponsee could not be retired. Please try again.' }),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          {`${sponsee.full_name || sponsee.reference_number} will no longer be offered for sponsorship and cannot take new sponsors. Current sponsors, the timeline and the history stay; end each sponsorship as its sponsor is told.`}
        </Text>
        <Textarea label="Why is the sponsee retired?" required maxLength={SPONSEE_RETIRE_REASON_MAX} autosize minRows={2} data-autofocus {...form.getInputProps('reason')} />
        <ModalActions submitLabel="Retire sponsee" loading={retire.isPending} danger onCancel={onDone} />
      </Stack>
    </form>
  );
}

/** Retire (with a reason) or bring back a sponsee (issue 38 item 2); for staff who may edit sponsees. */
export function RetireButton({ sponsee }: { sponsee: Sponsee }) {
  const [opened, setOpened] = useState(false);
  const change = useRetireSponsee(sponsee.id);
  if (sponsee.retired_at) {
    const bringBack = () =>
      change.mutate({ retire: false }, { onSuccess: (answer) => toast.success(answer.message), onError: (error) => toast.error(error.message) });
    return (
      <Button variant="default" leftSection={<IconArrowBackUp size={14} />} loading={change.isPending} onClick={bringBack}>
        Bring back
      </Button>
    );
  }
  return (
    <>
      <Button variant="default" color="red" leftSection={<IconArchive size={14} />} onClick={() => setOpened(true)}>
        Retire
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Retire sponsee">
        {opened && <RetireForm sponsee={sponsee} onDone={() => setOpened(false)} />}
      </Modal>
    </>
  );
}

/** Says on the page that the sponsee is retired, when and why. */
export function RetiredNotice({ sponsee }: { sponsee: Sponsee }) {
  if (!sponsee.retired_at) return null;
  return (
    <Alert color="gray" title={`Retired ${formatDateTime(sponsee.retired_at)}`}>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {sponsee.retired_reason}
      </Text>
      <Text size="sm" c="dimmed" mt={4}>
        Not offered for sponsorship and takes no new sponsors.
      </Text>
    </Alert>
  );
}
