import {
  CHOICE_TYPES,
  CUSTOM_FIELD_NAME_MAX,
  CUSTOM_FIELD_TYPES,
  choicesFromLines,
  customFieldTypeLabels,
  linesFromChoices,
  type Choice,
  type CustomFieldType,
} from '@almoner/contracts';
import { HiddenColumnHeader, RemoveRowCell } from '../../components/row-editing.tsx';
import { DragHandle, SortableList, useSortableRow } from '../../components/sortable-list.tsx';
import {
  AddRowButton,
  updateByKey,
  type SortableRowProps,
} from '../../components/sortable-table.tsx';
import {
  ActionIcon,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { IconArrowBackUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { blankField, type CustomFieldValues } from './product-form-values.ts';

type Errors = Record<string, string | undefined>;
type Props = {
  fields: CustomFieldValues[];
  errors: Errors;
  onChange: (fields: CustomFieldValues[]) => void;
};

const typeOptions = CUSTOM_FIELD_TYPES.map((t) => ({ value: t, label: customFieldTypeLabels[t] }));

/**
 * The custom fields editor (spec part 1 §4, part 2 §3): add, remove (an existing row is marked
 * for deletion and can be brought back until saved), reorder by dragging the handle (or with the
 * keyboard: Space, arrows, Space), a choice list as lines or as value/label pairs, a default.
 */
export function CustomFieldsEditor({ fields, errors, onChange }: Props) {
  const update = (key: string, change: Partial<CustomFieldValues>) =>
    onChange(updateByKey(fields, key, change));
  const remove = (field: CustomFieldValues) =>
    field.id === undefined
      ? onChange(fields.filter((f) => f.key !== field.key))
      : update(field.key, { _delete: !field._delete });

  return (
    <Stack gap="sm">
      {fields.length === 0 && (
        <Text size="sm" c="dimmed">
          No custom fields. Add one to ask buyers a question.
        </Text>
      )}
      <SortableList items={fields} onReorder={onChange}>
        {fields.map((field) => {
          const index = fields.indexOf(field);
          const error = (name: string) => errors[`custom_fields.${index}.${name}`];
          return (
            <FieldRow
              key={field.key}
              field={field}
              position={index + 1}
              error={error}
              onChange={(change) => update(field.key, change)}
              onRemove={() => remove(field)}
            />
          );
        })}
      </SortableList>
      <AddRowButton label="Add custom field" onClick={() => onChange([...fields, blankField()])} />
    </Stack>
  );
}

type RowProps = SortableRowProps<CustomFieldValues> & { field: CustomFieldValues };

function FieldRow({ field, position, error, onChange, onRemove }: RowProps) {
  const { setNodeRef, style, handleProps } = useSortableRow(field.key);
  const label = field.name || `Field ${position}`;
  const hasChoices = CHOICE_TYPES.includes(field.type);
  return (
    <Paper
      ref={setNodeRef}
      style={style}
      withBorder
      p="sm"
      data-testid="custom-field-row"
      bg={field._delete ? 'var(--mantine-color-gray-0)' : undefined}
    >
      <Group align="flex-start" wrap="nowrap" gap="sm">
        <DragHandle label={`Move ${label}`} handleProps={handleProps} mt={24} />
        {field._delete ? (
          <Group flex={1} mt={24} gap="xs">
            <Text size="sm" td="line-through">
              {label}
            </Text>
            <Badge color="red" variant="light">
              Deleted on save
            </Badge>
          </Group>
        ) : (
          <Stack flex={1} gap="xs">
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <Select
                label="Type"
                data={typeOptions}
                value={field.type}
                allowDeselect={false}
                onChange={(type) => onChange({ type: (type ?? 'text') as CustomFieldType })}
                error={error('type')}
              />
              <TextInput
                label="Name"
                required
                maxLength={CUSTOM_FIELD_NAME_MAX}
                value={field.name}
                onChange={(e) => onChange({ name: e.currentTarget.value })}
                error={error('name')}
              />
              <TextInput
                label="Hint"
                maxLength={CUSTOM_FIELD_NAME_MAX}
                value={field.hint}
                onChange={(e) => onChange({ hint: e.currentTarget.value })}
                error={error('hint')}
              />
            </SimpleGrid>
            {hasChoices && <ChoicesEditor field={field} error={error} onChange={onChange} />}
            {field.type === 'html' && (
              <Textarea
                label="HTML"
                autosize
                minRows={2}
                value={field.body}
                onChange={(e) => onChange({ body: e.currentTarget.value })}
                error={error('body')}
              />
            )}
            <Group gap="md" align="flex-end">
              {field.type !== 'html' && !hasChoices && (
                <TextInput
                  label="Default value"
                  value={field.default_value}
                  onChange={(e) => onChange({ default_value: e.currentTarget.value })}
                  error={error('default_value')}
                  w={240}
                />
              )}
              <TextInput
                label="CRM gift field"
                value={field.map_to_product_meta}
                onChange={(e) => onChange({ map_to_product_meta: e.currentTarget.value })}
                error={error('map_to_product_meta')}
                w={200}
              />
              {field.type !== 'html' && field.type !== 'hidden' && (
                <Checkbox
                  label="Required"
                  checked={field.is_required}
                  onChange={(e) => onChange({ is_required: e.currentTarget.checked })}
                  mb={8}
                />
              )}
            </Group>
          </Stack>
        )}
        <ActionIcon
          variant="subtle"
          color={field._delete ? 'blue' : 'red'}
          aria-label={field._delete ? `Keep ${label}` : `Remove ${label}`}
          onClick={onRemove}
          mt={24}
        >
          {field._delete ? <IconArrowBackUp size={16} /> : <IconTrash size={16} />}
        </ActionIcon>
      </Group>
    </Paper>
  );
}

function ChoicesEditor({ field, error, onChange }: Omit<RowProps, 'onRemove' | 'position'>) {
  const choices: Choice[] =
    field.format === 'simple' ? choicesFromLines(field.options) : field.choices;
  const toggle = (advanced: boolean) =>
    onChange(
      advanced
        ? { format: 'advanced', choices: choicesFromLines(field.options) }
        : { format: 'simple', options: linesFromChoices(field.choices) },
    );
  const setChoice = (i: number, change: Partial<Choice>) =>
    onChange({ choices: field.choices.map((c, j) => (j === i ? { ...c, ...change } : c)) });
  const defaults = field.default_value ? field.default_value.split(',').filter(Boolean) : [];
  return (
    <Stack gap="xs">
      <Switch
        label="Separate values and labels"
        checked={field.format === 'advanced'}
        onChange={(e) => toggle(e.currentTarget.checked)}
      />
      {field.format === 'simple' ? (
        <Textarea
          label="Choices"
          description="One per line."
          autosize
          minRows={3}
          value={field.options}
          onChange={(e) => onChange({ options: e.currentTarget.value })}
          error={error('options')}
        />
      ) : (
        <Stack gap={4}>
          <Table verticalSpacing={2} withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Value</Table.Th>
                <Table.Th>Label</Table.Th>
                <HiddenColumnHeader label="Remove" w={40} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {field.choices.map((c, i) => (
                <Table.Tr key={i}>
                  <Table.Td>
                    <TextInput
                      aria-label={`Choice ${i + 1} value`}
                      value={c.value}
                      onChange={(e) => setChoice(i, { value: e.currentTarget.value })}
                      error={error(`choices.${i}.value`)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      aria-label={`Choice ${i + 1} label`}
                      value={c.label}
                      onChange={(e) => setChoice(i, { label: e.currentTarget.value })}
                    />
                  </Table.Td>
                  <RemoveRowCell
                    name={`choice ${i + 1}`}
                    iconSize={14}
                    onRemove={() => onChange({ choices: field.choices.filter((_, j) => j !== i) })}
                  />
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {error('choices') && (
            <Text size="xs" c="red">
              {error('choices')}
            </Text>
          )}
          <Button
            size="xs"
            variant="subtle"
            w="fit-content"
            leftSection={<IconPlus size={14} />}
            onClick={() => onChange({ choices: [...field.choices, { value: '', label: '' }] })}
          >
            Add choice
          </Button>
        </Stack>
      )}
      <Select
        label="Default choice"
        placeholder="None"
        clearable
        data={[
          ...new Map(
            choices
              .filter((c) => c.value)
              .map((c) => [c.value, { value: c.value, label: c.label || c.value }]),
          ).values(),
        ]}
        value={defaults[0] ?? null}
        onChange={(v) => onChange({ default_value: v ?? '' })}
        error={error('default_value')}
        w={240}
      />
    </Stack>
  );
}
