import { formatAmount, formatDate, recurringRecordPaymentSchema, type RecordedPaymentType } from '@almoner/contracts';
import { Group, Modal, Radio, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { fieldErrors, validateWith } from '../../components/form-page/index.ts';
import { toast } from '../../components/toast.ts';
import { api, ApiError } from '../../lib/api.ts';
import { ModalActions } from '../../components/modal-actions.tsx';

export type RecordProfile = { id: number; profile_id: string; amount: number; currency_code: string; next_billing_date: string | null; today: string };

type Values = {
  payment_type: RecordedPaymentType;
  amount: string;
  received_on: string;
  check_number: string;
  check_date: string;
  payment_other_reference: string;
  payment_other_note: string;
};

const toInput = (v: Values, billingDate: string) => ({
  billing_date: billingDate,
  payment_type: v.payment_type,
  amount: v.amount.trim(),
  received_on: v.received_on,
  check_number: v.payment_type === 'check' ? v.check_number : null,
  check_date: v.payment_type === 'check' ? v.check_date : null,
  payment_other_reference: v.payment_type === 'other' ? v.payment_other_reference : null,
  payment_other_note: v.payment_type === 'other' ? v.payment_other_note : null,
});

const day = (d: unknown) => (d ? String(d).slice(0, 10) : '');

/**
 * Record an instalment of a manual recurring gift (charged by staff only): the donor paid in
 * cash, by check or otherwise. The server writes it as the schedule's charge of the next
 * billing date would be, and moves that date on; the form checks with the server's contract first.
 */
export function RecordPaymentModal({ p, onClose, onSaved }: { p: RecordProfile; onClose: () => void; onSaved: () => Promise<unknown> }) {
  const billingDate = p.next_billing_date ?? '';
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { payment_type: 'cash', amount: String(p.amount), received_on: p.today, check_number: '', check_date: '', payment_other_reference: '', payment_other_note: '' },
    validate: validateWith(recurringRecordPaymentSchema, (v: Values) => toInput(v, billingDate)),
  });
  const save = useMutation({
    mutationFn: (v: Values) => api<{ message: string }>(`/jpanel/recurring/${p.id}/record-payment`, { method: 'POST', body: toInput(v, billingDate) }),
    onSuccess: async (answer) => {
      toast.success(answer.message);
      await onSaved();
      onClose();
    },
    onError: async (error) => {
      if (error instanceof ApiError && error.errors) return form.setErrors(fieldErrors(error.errors));
      toast.error(error.message);
      // Recorded meanwhile (another person, a second tab): the page shows what is stored now.
      if (error instanceof ApiError && error.status === 409) {
        await onSaved();
        onClose();
      }
    },
  });
  const type = form.values.payment_type;
  return (
    <Modal opened onClose={onClose} title={`Record a payment on #${p.profile_id}`} centered>
      <form noValidate onSubmit={form.onSubmit((v) => save.mutate(v))}>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {`Pays the instalment of ${formatAmount(p.amount, p.currency_code)} due ${formatDate(billingDate)}; the next billing date then moves on by one period.`}
          </Text>
          <Radio.Group label="Payment type" required {...form.getInputProps('payment_type')}>
            <Group gap="md" mt={4}>
              <Radio value="cash" label="Cash" />
              <Radio value="check" label="Check" />
              <Radio value="other" label="Other" />
            </Group>
          </Radio.Group>
          <SimpleGrid cols={2}>
            <TextInput label={`Amount (${p.currency_code})`} inputMode="decimal" required data-autofocus {...form.getInputProps('amount')} />
            <DateInput
              label="Date received"
              required
              valueFormat="MMM D, YYYY"
              previousLabel="Previous month"
              nextLabel="Next month"
              maxDate={p.today}
              value={form.values.received_on || null}
              onChange={(d) => form.setFieldValue('received_on', day(d))}
              error={form.errors.received_on}
            />
          </SimpleGrid>
          {type === 'check' && (
            <SimpleGrid cols={2}>
              <TextInput label="Check number" required maxLength={45} {...form.getInputProps('check_number')} />
              <DateInput
                label="Check date"
                required
                valueFormat="MMM D, YYYY"
                previousLabel="Previous month"
                nextLabel="Next month"
                value={form.values.check_date || null}
                onChange={(d) => form.setFieldValue('check_date', day(d))}
                error={form.errors.check_date}
              />
            </SimpleGrid>
          )}
          {type === 'other' && (
            <>
              <TextInput label="Reference number" description="Proof of payment: a transfer, receipt or voucher number." required maxLength={25} {...form.getInputProps('payment_other_reference')} />
              <Textarea label="Note" autosize minRows={2} maxLength={255} {...form.getInputProps('payment_other_note')} />
            </>
          )}
          <ModalActions submitLabel="Record payment" loading={save.isPending} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
