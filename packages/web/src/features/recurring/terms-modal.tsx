import { billingDayMismatch, nextDayOn, RECURRING_FREQUENCIES, recurringChangeSchema } from '@almoner/contracts';
import { Modal, NativeSelect, Select, Stack, Text, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { fieldErrors, validateWith } from '../../components/form-page/index.ts';
import { toast } from '../../components/toast.ts';
import { api, ApiError } from '../../lib/api.ts';
import { ModalActions } from '../../components/modal-actions.tsx';

export type TermsProfile = {
  id: number;
  profile_id: string;
  amount: number;
  currency_code: string;
  billing_period: string;
  recurring_day: number | null;
  recurring_day_of_week: number | null;
  next_billing_date: string | null;
  payment_method_id: number | null;
  payment_methods: { id: number; label: string }[];
  updated_at: string | null;
};

type Values = { amount: string; billing_period: string; recurring_day: string; recurring_day_of_week: string; next_billing_date: string; payment_method_id: string };

const WEEKLY = ['weekly', 'biweekly'];
const DAYS = Array.from({ length: 28 }, (_, i) => String(i + 1));
const WEEKDAYS = [
  { value: '1', label: 'Monday' }, { value: '2', label: 'Tuesday' }, { value: '3', label: 'Wednesday' }, { value: '4', label: 'Thursday' },
  { value: '5', label: 'Friday' }, { value: '6', label: 'Saturday' }, { value: '7', label: 'Sunday' },
];
const label = (period: string) => period.charAt(0).toUpperCase() + period.slice(1);

const toInput = (v: Values, updatedAt: string | null) => ({
  amount: v.amount.trim(),
  billing_period: v.billing_period,
  recurring_day: WEEKLY.includes(v.billing_period) || !v.recurring_day ? null : v.recurring_day,
  recurring_day_of_week: WEEKLY.includes(v.billing_period) && v.recurring_day_of_week ? v.recurring_day_of_week : null,
  next_billing_date: v.next_billing_date,
  payment_method_id: v.payment_method_id || null,
  updated_at: updatedAt ?? undefined,
});

/**
 * Change a recurring gift's terms, as a donor asks on the phone: amount, how often, which day,
 * the next billing date and the saved method. Checked with the server's own contract first;
 * the server then refuses a past date or a form older than the profile's last change.
 */
export function TermsModal({ p, opened, onClose, onSaved }: { p: TermsProfile; opened: boolean; onClose: () => void; onSaved: () => Promise<unknown> }) {
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      amount: String(p.amount),
      billing_period: p.billing_period,
      recurring_day: p.recurring_day ? String(p.recurring_day) : '',
      recurring_day_of_week: p.recurring_day_of_week ? String(p.recurring_day_of_week) : '',
      next_billing_date: p.next_billing_date ?? '',
      payment_method_id: p.payment_method_id ? String(p.payment_method_id) : '',
    },
    validate: validateWith(recurringChangeSchema, (v: Values) => toInput(v, p.updated_at)),
    // A new day (or frequency) moves the next billing date to the first such day, so "Weekly, on
    // Friday" is next charged on a Friday; staff can still pick a later one.
    onValuesChange: (v, previous) => {
      const moved = v.billing_period !== previous.billing_period || v.recurring_day !== previous.recurring_day || v.recurring_day_of_week !== previous.recurring_day_of_week;
      const day = { billing_period: v.billing_period, recurring_day: Number(v.recurring_day) || null, recurring_day_of_week: Number(v.recurring_day_of_week) || null };
      if (moved && v.next_billing_date && billingDayMismatch({ ...day, next_billing_date: v.next_billing_date })) form.setFieldValue('next_billing_date', nextDayOn(v.next_billing_date, day));
    },
  });
  const save = useMutation({
    mutationFn: (v: Values) => api<{ message: string }>(`/jpanel/recurring/${p.id}`, { method: 'POST', body: toInput(v, p.updated_at) }),
    onSuccess: async (answer) => {
      toast.success(answer.message);
      await onSaved();
      onClose();
    },
    onError: async (error) => {
      if (error instanceof ApiError && error.errors) form.setErrors(fieldErrors(error.errors));
      else toast.error(error.message);
      // A stale form: the page reloads the profile, so the next try starts from what is stored.
      if (error instanceof ApiError && error.status === 409) {
        await onSaved();
        onClose();
      }
    },
  });
  const weekly = WEEKLY.includes(form.values.billing_period);
  return (
    <Modal opened={opened} onClose={onClose} title={`Change recurring profile #${p.profile_id}`} centered>
      <form noValidate onSubmit={form.onSubmit((v) => save.mutate(v))}>
        <Stack gap="sm">
          <TextInput label={`Amount (${p.currency_code})`} inputMode="decimal" required data-autofocus {...form.getInputProps('amount')} />
          <NativeSelect label="How often" data={RECURRING_FREQUENCIES.map((f) => ({ value: f, label: label(f) }))} {...form.getInputProps('billing_period')} />
          {weekly ? (
            <NativeSelect label="Day of the week" data={[{ value: '', label: 'Same as the next billing date' }, ...WEEKDAYS]} {...form.getInputProps('recurring_day_of_week')} />
          ) : (
            <NativeSelect label="Day of the month" data={[{ value: '', label: 'Same as the next billing date' }, ...DAYS]} {...form.getInputProps('recurring_day')} />
          )}
          <DateInput
            label="Next billing date"
            required
            valueFormat="MMM D, YYYY"
            previousLabel="Previous month"
            nextLabel="Next month"
            value={form.values.next_billing_date || null}
            onChange={(d) => form.setFieldValue('next_billing_date', d ? String(d).slice(0, 10) : '')}
            error={form.errors.next_billing_date}
          />
          {p.payment_methods.length > 0 ? (
            <Select
              label="Payment method"
              data={p.payment_methods.map((m) => ({ value: String(m.id), label: m.label }))}
              allowDeselect={false}
              {...form.getInputProps('payment_method_id')}
            />
          ) : (
            <Text size="sm" c="dimmed">
              The supporter has no active saved payment method to switch to.
            </Text>
          )}
          <Text size="sm" c="dimmed">
            The donor is e-mailed the new terms.
          </Text>
          <ModalActions submitLabel="Save changes" loading={save.isPending} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
