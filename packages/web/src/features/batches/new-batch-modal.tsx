import { batchCreateSchema, BATCH_NAME_MAX } from '@almoner/contracts';
import { Modal, NumberInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useNavigate } from 'react-router';
import { saveForm } from '../../components/form-page/index.ts';
import { useCurrencies } from './currencies.ts';
import { useCreateBatch } from './api.ts';
import { WithOrgToday } from '../../app/with-org-today.tsx';
import { ModalActions } from '../../components/modal-actions.tsx';

type Props = { opened: boolean; onClose: () => void };

/** Start a batch: its name, deposit day, currency and the deposit's count and total. Enter saves, Escape closes. */
export function NewBatchModal({ opened, onClose }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title="New gift batch">
      {opened && <WithOrgToday>{(today) => <NewBatchForm today={today} onClose={onClose} />}</WithOrgToday>}
    </Modal>
  );
}

type Values = { name: string; deposit_date: string; currency_code: string; expected_count: number | string; expected_total: number | string };

function NewBatchForm({ today, onClose }: { today: string; onClose: () => void }) {
  const create = useCreateBatch();
  const navigate = useNavigate();
  const currencies = useCurrencies();
  const form = useForm<Values>({
    initialValues: { name: '', deposit_date: today, currency_code: currencies.fallback, expected_count: '', expected_total: '' },
    validate: schemaResolver(batchCreateSchema, { sync: true }),
  });
  const handleSubmit = form.onSubmit((values) =>
    saveForm(form, () => create.mutateAsync({ ...values, expected_count: Number(values.expected_count), expected_total: String(values.expected_total) }), {
      after: (answer) => {
        onClose();
        void navigate(`/batches/${answer.batch.id}`);
      },
      failed: 'The batch could not be created. Please try again.',
    }),
  );
  return (
    <form noValidate onSubmit={handleSubmit}>
      <Stack gap="sm">
        <TextInput label="Name" required maxLength={BATCH_NAME_MAX} data-autofocus placeholder="Week 49 cheques" {...form.getInputProps('name')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput type="date" label="Deposit date" required {...form.getInputProps('deposit_date')} />
          <Select label="Currency" required searchable allowDeselect={false} data={currencies.codes} {...form.getInputProps('currency_code')} />
          <NumberInput label="Expected number of gifts" required min={1} allowDecimal={false} {...form.getInputProps('expected_count')} />
          <NumberInput label="Expected total" required min={0} decimalScale={2} thousandSeparator="," {...form.getInputProps('expected_total')} />
        </SimpleGrid>
        <ModalActions submitLabel="Create batch" loading={create.isPending} onCancel={onClose} />
      </Stack>
    </form>
  );
}
