import {
  DAYS_OF_WEEK,
  PAYMENT_OPTION_TYPES,
  RECURRING_DAY_MAX,
  RECURRING_FREQUENCIES,
  flagsOfType,
  paymentOptionTypeLabels,
  recurringFrequencyLabels,
  usesDayOfWeek,
  type PaymentOptionType,
  type RecurringFrequency,
} from '@almoner/contracts';
import { Select, Table, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import {
  SortableTable,
  SortableTableRow,
  type SortableRowProps,
} from '../../components/sortable-table.tsx';

export type OptionValues = {
  key: string;
  id?: number | undefined;
  type: PaymentOptionType;
  amount: string;
  recurring_frequency: RecurringFrequency | null;
  recurring_day: string | null;
  recurring_day_of_week: string | null;
};

let next = 0;
export const blankOption = (): OptionValues => ({
  key: `option-${++next}`,
  type: 'fixed_onetime',
  amount: '',
  recurring_frequency: null,
  recurring_day: null,
  recurring_day_of_week: null,
});
export const withKey = (o: Omit<OptionValues, 'key'>): OptionValues => ({
  ...o,
  key: `option-${++next}`,
});

type Props = {
  options: OptionValues[];
  currency: string;
  errors: Record<string, ReactNode>;
  onChange: (options: OptionValues[]) => void;
};

const dayChoices = Array.from({ length: RECURRING_DAY_MAX }, (_, i) => String(i + 1));

/**
 * The payment options table (spec part 2 §4): the type sets the custom and recurring flags and
 * shows the amount (fixed) and the schedule (recurring); weekly and biweekly take a day of the
 * week instead of a day of the month. Rows are added, removed and dragged into order.
 */
export function PaymentOptionsTable({ options, currency, errors, onChange }: Props) {
  return (
    <SortableTable
      items={options}
      headers={['Type', `Amount (${currency})`, 'Frequency', 'Day']}
      errorsUnder="options"
      errors={errors}
      addLabel="Add option"
      blank={blankOption}
      onChange={onChange}
      renderRow={(o, row) => <OptionRow key={o.key} option={o} {...row} />}
    />
  );
}

function OptionRow({
  option: o,
  position,
  error,
  onChange,
  onRemove,
}: SortableRowProps<OptionValues> & { option: OptionValues }) {
  const { is_custom, is_recurring } = flagsOfType(o.type);
  const weekly = usesDayOfWeek(o.recurring_frequency);
  const name = `option ${position}`;
  return (
    <SortableTableRow rowKey={o.key} name={name} testId="payment-option-row" onRemove={onRemove}>
      <Table.Td>
        <Select
          aria-label={`Type of ${name}`}
          data={PAYMENT_OPTION_TYPES.map((t) => ({ value: t, label: paymentOptionTypeLabels[t] }))}
          value={o.type}
          allowDeselect={false}
          onChange={(t) => onChange({ type: (t ?? 'fixed_onetime') as PaymentOptionType })}
        />
      </Table.Td>
      <Table.Td>
        {!is_custom ? (
          <TextInput
            aria-label={`Amount of ${name}`}
            inputMode="decimal"
            value={o.amount}
            onChange={(e) => onChange({ amount: e.currentTarget.value })}
            error={error('amount')}
          />
        ) : (
          <TextInput
            aria-label={`Amount of ${name}`}
            value="Sponsor chooses"
            disabled
            variant="filled"
          />
        )}
      </Table.Td>
      <Table.Td>
        {is_recurring && (
          <Select
            aria-label={`Frequency of ${name}`}
            placeholder="Choose"
            data={RECURRING_FREQUENCIES.map((f) => ({
              value: f,
              label: recurringFrequencyLabels[f],
            }))}
            value={o.recurring_frequency}
            onChange={(f) => onChange({ recurring_frequency: f as RecurringFrequency | null })}
            error={error('recurring_frequency')}
          />
        )}
      </Table.Td>
      <Table.Td>
        {is_recurring &&
          o.recurring_frequency &&
          (weekly ? (
            <Select
              aria-label={`Day of the week of ${name}`}
              data={DAYS_OF_WEEK.map((d) => ({ value: String(d.value), label: d.label }))}
              value={o.recurring_day_of_week}
              onChange={(d) => onChange({ recurring_day_of_week: d })}
              error={error('recurring_day_of_week')}
            />
          ) : (
            <Select
              aria-label={`Day of the month of ${name}`}
              data={dayChoices}
              value={o.recurring_day}
              onChange={(d) => onChange({ recurring_day: d })}
              error={error('recurring_day')}
            />
          ))}
      </Table.Td>
    </SortableTableRow>
  );
}
