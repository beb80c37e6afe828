import { BATCH_NAME_MAX, type BatchDetail, batchUpdateSchema } from '@almoner/contracts';
import { Modal, NumberInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { saveForm } from '../../components/form-page/index.ts';
import { useBatchAction } from './api.ts';
import { ModalActions } from '../../components/modal-actions.tsx';

type Props = { batch: BatchDetail; opened: boolean; onClose: () => void };

/** An open batch's header: name, deposit date, and the deposit's count and total. Enter saves, Escape closes. */
export function EditBatchModal({ batch, opened, onClose }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title="Edit batch details">
      {opened && <EditBatchForm batch={batch} onClose={onClose} />}
    </Modal>
  );
}

type Values = { name: string; deposit_date: string; expected_count: number | string; expected_total: number | string };

function EditBatchForm({ batch, onClose }: { batch: BatchDetail; onClose: () => void }) {
  const action = useBatchAction(batch.id);
  const form = useForm<Values>({
    initialValues: { name: batch.name, deposit_date: batch.deposit_date, expected_count: batch.expected.count, expected_total: batch.expected.total },
    validate: schemaResolver(batchUpdateSchema, { sync: true }),
  });
  const handleSubmit = form.onSubmit((values) => {
    const body = { ...values, expected_count: Number(values.expected_count), expected_total: String(values.expected_total) };
    return saveForm(form, () => action.mutateAsync({ kind: 'header', body }), { after: onClose, failed: 'The batch could not be saved. Please try again.' });
  });
  return (
    <form noValidate onSubmit={handleSubmit}>
      <Stack gap="sm">
        <TextInput label="Name" required maxLength={BATCH_NAME_MAX} data-autofocus {...form.getInputProps('name')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput type="date" label="Deposit date" required {...form.getInputProps('deposit_date')} />
          <NumberInput label="Expected number of gifts" required min={1} allowDecimal={false} {...form.getInputProps('expected_count')} />
          <NumberInput label={`Expected total (${batch.currency_code})`} required min={0} decimalScale={2} thousandSeparator="," {...form.getInputProps('expected_total')} />
        </SimpleGrid>
        <ModalActions submitLabel="Save details" loading={action.isPending} onCancel={onClose} />
      </Stack>
    </form>
  );
}
