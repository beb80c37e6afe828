import { maskDigits, paymentFieldLimits } from '@almoner/contracts';
import {
  Checkbox,
  Group,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import type { BankFields as Fields } from './payment-state.ts';

type BankFieldsProps = {
  currency: string;
  values: Fields;
  errors: Record<string, string>;
  canSave: boolean;
  /** Stripe is the gateway: the account goes from this browser to Stripe, which debits it. */
  viaStripe?: boolean;
  onChange: (patch: Partial<Fields>) => void;
};

/** The Bank tab: a Canadian cheque's numbers for CAD, routing and account numbers otherwise. */
export function BankFields({ currency, values, errors, canSave, viaStripe = false, onChange }: BankFieldsProps) {
  const digits = (key: keyof Fields, max: number) => ({
    value: values[key] as string,
    error: errors[key],
    inputMode: 'numeric' as const,
    autoComplete: 'off',
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      onChange({ [key]: maskDigits(event.currentTarget.value, max) }),
  });
  return (
    <Stack gap="sm">
      <TextInput
        label="Account holder name"
        required
        value={values.account_holder_name}
        error={errors.account_holder_name}
        maxLength={100}
        onChange={(event) => onChange({ account_holder_name: event.currentTarget.value })}
      />
      <Group grow align="flex-start">
        <Stack gap={4}>
          <Text size="sm" fw={500} id="pos-holder-type">
            Account holder type
          </Text>
          <SegmentedControl
            aria-labelledby="pos-holder-type"
            value={values.account_holder_type}
            onChange={(value) => onChange({ account_holder_type: value })}
            data={[
              { value: 'personal', label: 'Personal' },
              { value: 'business', label: 'Business' },
            ]}
          />
          {errors.account_holder_type && (
            <Text size="xs" c="red">
              {errors.account_holder_type}
            </Text>
          )}
        </Stack>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="pos-account-type">
            Account type
          </Text>
          <SegmentedControl
            aria-labelledby="pos-account-type"
            value={values.account_type}
            onChange={(value) => onChange({ account_type: value })}
            data={[
              { value: 'checking', label: 'Checking' },
              { value: 'savings', label: 'Savings' },
            ]}
          />
          {errors.account_type && (
            <Text size="xs" c="red">
              {errors.account_type}
            </Text>
          )}
        </Stack>
      </Group>
      {currency === 'CAD' ? (
        <SimpleGrid cols={3}>
          <TextInput
            label="Transit number"
            required
            {...digits('transit_number', paymentFieldLimits.transitNumber)}
          />
          <TextInput
            label="Institution number"
            required
            {...digits('institution_number', paymentFieldLimits.institutionNumber)}
          />
          <TextInput
            label="Account number"
            required
            {...digits('account_number', paymentFieldLimits.accountNumber)}
          />
        </SimpleGrid>
      ) : (
        <SimpleGrid cols={2}>
          <TextInput
            label="Routing number"
            required
            {...digits('routing_number', paymentFieldLimits.routingNumber)}
          />
          <TextInput
            label="Account number"
            required
            {...digits('account_number', paymentFieldLimits.accountNumber)}
          />
        </SimpleGrid>
      )}
      <Checkbox
        label="The account holder authorizes this debit from their account"
        checked={values.ach_agree_tos}
        error={errors.ach_agree_tos}
        onChange={(event) => onChange({ ach_agree_tos: event.currentTarget.checked })}
      />
      {viaStripe && (
        <Text size="xs" c="gray.7">
          The account details go from this browser to Stripe, never to Almoner. The debit settles in a few business days; until then the sale shows as pending.
        </Text>
      )}
      {canSave && (
        <Checkbox
          label="Save this account to the supporter's payment methods"
          checked={values.save_payment_method}
          onChange={(event) => onChange({ save_payment_method: event.currentTarget.checked })}
        />
      )}
    </Stack>
  );
}
