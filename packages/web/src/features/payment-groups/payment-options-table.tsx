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
import { DragHandle, SortableList, useSortableRow } from '../../components/sortable-list.tsx';
import { ActionIcon, Button, Select, Stack, Table, TextInput, VisuallyHidden } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';

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
  errors: Record<string, string>;
  onChange: (options: OptionValues[]) => void;
};

const dayChoices = Array.from({ length: RECURRING_DAY_MAX }, (_, i) => String(i + 1));

/**
 * The payment options table (spec part 2 §4): the type sets the custom and recurring flags and
 * shows the amount (fixed) and the schedule (recurring); weekly and biweekly take a day of the
 * week instead of a day of the month. Rows are added, removed and dragged into order.
 */
export function PaymentOptionsTable({ options, currency, errors, onChange }: Props) {
  const update = (key: string, change: Partial<OptionValues>) =>
    onChange(options.map((o) => (o.key === key ? { ...o, ...change } : o)));
  return (
    <Stack gap="sm">
      <SortableList items={options} onReorder={onChange}>
          <Table withTableBorder verticalSpacing={6}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>
                  <VisuallyHidden>Order</VisuallyHidden>
                </Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>Amount ({currency})</Table.Th>
                <Table.Th>Frequency</Table.Th>
                <Table.Th>Day</Table.Th>
                <Table.Th w={40}>
                  <VisuallyHidden>Remove</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {options.map((o, i) => (
                <OptionRow
                  key={o.key}
                  option={o}
                  position={i + 1}
                  error={(f) => errors[`options.${i}.${f}`]}
                  onChange={(change) => update(o.key, change)}
                  onRemove={() => onChange(options.filter((x) => x.key !== o.key))}
                />
              ))}
            </Table.Tbody>
          </Table>
      </SortableList>
      <Button
        variant="light"
        w="fit-content"
        leftSection={<IconPlus size={16} />}
        onClick={() => onChange([...options, blankOption()])}
      >
        Add option
      </Button>
    </Stack>
  );
}

type RowProps = {
  option: OptionValues;
  position: number;
  error: (field: string) => string | undefined;
  onChange: (change: Partial<OptionValues>) => void;
  onRemove: () => void;
};

function OptionRow({ option: o, position, error, onChange, onRemove }: RowProps) {
  const { setNodeRef, style, handleProps } = useSortableRow(o.key);
  const { is_custom, is_recurring } = flagsOfType(o.type);
  const weekly = usesDayOfWeek(o.recurring_frequency);
  const name = `option ${position}`;
  return (
    <Table.Tr
      ref={setNodeRef}
      style={style}
      data-testid="payment-option-row"
    >
      <Table.Td>
        <DragHandle label={`Move ${name}`} handleProps={handleProps} />
      </Table.Td>
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
      <Table.Td>
        <ActionIcon variant="subtle" color="red" aria-label={`Remove ${name}`} onClick={onRemove}>
          <IconTrash size={16} />
        </ActionIcon>
      </Table.Td>
    </Table.Tr>
  );
}
