import {
  PAGE_WITH_PAYMENT_TEMPLATE,
  normaliseAccountCode,
  switchDesignationType,
  withOneDefault,
  withTrailingBlank,
  type Designation,
  type DesignationOptions,
} from '@almoner/contracts';
import { Radio, SegmentedControl, Stack, Table, Text, TextInput } from '@mantine/core';
import { useEffect } from 'react';
import { HiddenColumnHeader, RemoveRowCell } from '../../components/row-editing.tsx';

type Props = {
  value: DesignationOptions;
  templateSuffix: string;
  onChange: (value: DesignationOptions) => void;
};

const isBlank = (d: Designation) => !d.label.trim() && !d.account.trim();

/**
 * Fund designations (spec part 1 §4): one account, or the supporter's choice among several (only
 * with the page-with-payment template, forced back otherwise). The list always ends with a blank
 * row; exactly one row is the default. The server applies the same rules on save.
 */
export function DesignationsEditor({ value, templateSuffix, onChange }: Props) {
  const choiceAllowed = templateSuffix === PAGE_WITH_PAYMENT_TEMPLATE;
  useEffect(() => {
    if (!choiceAllowed && value.type === 'supporters_choice')
      onChange(switchDesignationType(value, 'single_account'));
  }, [choiceAllowed, value, onChange]);

  const rows = withTrailingBlank(value.designations);
  const setRows = (next: Designation[]) => {
    const filled = next.filter((d) => !isBlank(d));
    const withDefault = filled.length ? withOneDefault(filled) : filled;
    onChange({
      ...value,
      designations: withDefault,
      default_account: withDefault.find((d) => d.is_default)?.account ?? value.default_account,
    });
  };
  const update = (index: number, change: Partial<Designation>) =>
    setRows(rows.map((d, i) => (i === index ? { ...d, ...change } : d)));

  return (
    <Stack gap="sm">
      <SegmentedControl
        aria-label="Designation style"
        value={value.type}
        onChange={(type) =>
          onChange(switchDesignationType(value, type as DesignationOptions['type']))
        }
        data={[
          { value: 'single_account', label: 'Single account' },
          { value: 'supporters_choice', label: "Supporter's choice", disabled: !choiceAllowed },
        ]}
        w="fit-content"
      />
      {!choiceAllowed && (
        <Text size="xs" c="dimmed">
          Supporter&apos;s choice needs the page-with-payment template.
        </Text>
      )}
      {value.type === 'single_account' ? (
        <TextInput
          label="Fund account"
          description="Upper case, with underscores between words."
          value={value.default_account ?? ''}
          onChange={(e) => onChange({ ...value, default_account: e.currentTarget.value })}
          onBlur={(e) =>
            onChange({
              ...value,
              default_account: normaliseAccountCode(e.currentTarget.value) || null,
            })
          }
          maw={360}
        />
      ) : (
        <Table withTableBorder verticalSpacing={4} maw={720}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Label</Table.Th>
              <Table.Th>Account</Table.Th>
              <Table.Th w={80}>Default</Table.Th>
              <HiddenColumnHeader label="Remove" w={50} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((d, i) => (
              <Table.Tr key={i}>
                <Table.Td>
                  <TextInput
                    aria-label={`Designation ${i + 1} label`}
                    value={d.label}
                    onChange={(e) => update(i, { label: e.currentTarget.value })}
                  />
                </Table.Td>
                <Table.Td>
                  <TextInput
                    aria-label={`Designation ${i + 1} account`}
                    value={d.account}
                    onChange={(e) => update(i, { account: e.currentTarget.value })}
                    onBlur={(e) =>
                      update(i, { account: normaliseAccountCode(e.currentTarget.value) })
                    }
                  />
                </Table.Td>
                <Table.Td>
                  <Radio
                    aria-label={`Designation ${i + 1} is the default`}
                    checked={d.is_default && !isBlank(d)}
                    disabled={isBlank(d)}
                    onChange={() => setRows(rows.map((r, j) => ({ ...r, is_default: j === i })))}
                  />
                </Table.Td>
                <RemoveRowCell
                  name={isBlank(d) ? null : `designation ${i + 1}`}
                  onRemove={() => setRows(rows.filter((_, j) => j !== i))}
                />
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
