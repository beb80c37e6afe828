import { formatMoney, maskDigits } from '@almoner/contracts';
import { Alert, Group, Radio, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconCreditCard, IconBuildingBank } from '@tabler/icons-react';
import type { PosPaymentMethod } from '../pos-types.ts';
import type { PaymentFields } from './payment-state.ts';

type Patch = (patch: Partial<Omit<PaymentFields, 'bank'>>) => void;

/** The currency's symbol as Intl writes it ('$', '£', 'CA$'). */
export function currencySymbol(currency: string): string {
  return (
    new Intl.NumberFormat('en-US', { style: 'currency', currency })
      .formatToParts(0)
      .find((part) => part.type === 'currency')?.value ?? currency
  );
}

const amountText = (value: string) =>
  value
    .replace(/[^\d.]/g, '')
    .replace(/(\..*)\./g, '$1')
    .slice(0, 12);

type CashProps = {
  values: PaymentFields;
  currency: string;
  dueMinor: number;
  changeMinor: number;
  onChange: Patch;
};

/** Cash: what was handed over and the change to give back (received − due; non-numeric is 0). */
export function CashFields({ values, currency, dueMinor, changeMinor, onChange }: CashProps) {
  // Short only once something was typed: an empty field is not a wrong amount (issue 41).
  const short = values.cash_received !== '' && changeMinor < 0;
  return (
    <Stack gap="sm">
      <SimpleGrid cols={2}>
        <TextInput
          label="Total due"
          value={formatMoney(dueMinor, currency)}
          readOnly
          variant="filled"
        />
        <TextInput
          label="Cash received"
          data-autofocus
          leftSection={<Text size="sm">{currencySymbol(currency)}</Text>}
          inputMode="decimal"
          placeholder="0.00"
          value={values.cash_received}
          onChange={(event) => onChange({ cash_received: amountText(event.currentTarget.value) })}
        />
      </SimpleGrid>
      <Group justify="space-between" px="xs" data-testid="cash-change">
        <Text fw={500}>Change</Text>
        <Text fw={700} size="lg" c={short ? 'red' : undefined} data-short={short || undefined}>
          {formatMoney(Math.max(0, changeMinor), currency)}
        </Text>
      </Group>
      {short && (
        <Text size="sm" c="red">
          {formatMoney(-changeMinor, currency)} still to pay.
        </Text>
      )}
    </Stack>
  );
}

type CheckProps = { values: PaymentFields; currency: string; onChange: Patch };

/** Check: number, date ('M d, yyyy') and amount; the server checks they are all there. */
export function CheckFields({ values, currency, onChange }: CheckProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      <TextInput
        label="Check number"
        data-autofocus
        maxLength={20}
        value={values.check_number}
        onChange={(event) => onChange({ check_number: maskDigits(event.currentTarget.value, 20) })}
      />
      <DateInput
        label="Check date"
        valueFormat="MMM D, YYYY"
        placeholder="Pick a date"
        previousLabel="Previous month"
        nextLabel="Next month"
        popoverProps={{ withinPortal: true }}
        value={values.check_date}
        onChange={(value) => onChange({ check_date: value })}
      />
      <TextInput
        label="Check amount"
        leftSection={<Text size="sm">{currencySymbol(currency)}</Text>}
        inputMode="decimal"
        placeholder="0.00"
        value={values.check_amt}
        onChange={(event) => onChange({ check_amt: amountText(event.currentTarget.value) })}
      />
    </SimpleGrid>
  );
}

/** Other: a reference for proof of payment (required by the server) and a note. */
export function OtherFields({ values, onChange }: { values: PaymentFields; onChange: Patch }) {
  return (
    <Stack gap="sm">
      <TextInput
        label="Reference number"
        description="Proof of payment: a transfer, receipt or voucher number."
        data-autofocus
        maxLength={25}
        value={values.payment_other_reference}
        onChange={(event) => onChange({ payment_other_reference: event.currentTarget.value })}
      />
      <Textarea
        label="Note"
        autosize
        minRows={2}
        maxLength={500}
        value={values.payment_other_note}
        onChange={(event) => onChange({ payment_other_note: event.currentTarget.value })}
      />
    </Stack>
  );
}

type MethodsProps = {
  methods: PosPaymentMethod[];
  value: number | null;
  hasSupporter: boolean;
  onChange: Patch;
};

/** My Methods: the supporter's ACTIVE saved cards and accounts. */
export function MethodFields({ methods, value, hasSupporter, onChange }: MethodsProps) {
  if (!methods.length) {
    return (
      <Alert color="gray" variant="light">
        {hasSupporter
          ? 'This supporter has no saved payment methods.'
          : 'Choose a supporter to pay with one of their saved methods.'}
      </Alert>
    );
  }
  return (
    <Radio.Group
      label="Saved payment method"
      value={value ? String(value) : null}
      onChange={(id) => onChange({ payment_method: Number(id) })}
    >
      <Stack gap="xs" mt="xs">
        {methods.map((method) => (
          <Radio.Card
            key={method.id}
            value={String(method.id)}
            p="sm"
            radius="md"
            disabled={method.is_expired}
          >
            <Group wrap="nowrap" gap="sm">
              <Radio.Indicator />
              {method.fa_icon.includes('bank') ? (
                <IconBuildingBank size={20} aria-hidden />
              ) : (
                <IconCreditCard size={20} aria-hidden />
              )}
              <div>
                <Text size="sm" fw={500}>
                  {method.display_name} {method.account_number}
                </Text>
                <Text size="xs" c={method.is_expired ? 'red' : 'dimmed'}>
                  {method.is_expired
                    ? 'Expired'
                    : method.use_as_default
                      ? 'Default method'
                      : 'Saved method'}
                </Text>
              </div>
            </Group>
          </Radio.Card>
        ))}
      </Stack>
    </Radio.Group>
  );
}
