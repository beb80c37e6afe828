import { SEGMENT_TYPES, hasSegmentItems, segmentInputSchema, segmentTypeLabels, type Segment, type SegmentInput, type SegmentType } from '@almoner/contracts';
import { Anchor, Breadcrumbs, Button, Center, Checkbox, Group, Loader, Paper, Select, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconTrash } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { confirm } from '../../components/dialogs.tsx';
import { toast } from '../../components/toast.ts';
import { LEAVE_WITHOUT_ASKING, useUnsavedChanges } from '../../components/use-unsaved-changes.ts';
import { ApiError } from '../../lib/api.ts';
import { LoadErrorAlert } from '../users/load-error-alert.tsx';
import { useDeleteSegment, useSaveSegment, useSegment } from './api.ts';
import { SegmentItemsTable, blankItem, withKey, type ItemValues } from './segment-items-table.tsx';

type Values = {
  name: string;
  name_plural: string;
  description: string;
  type: SegmentType;
  show_as_filter: boolean;
  show_in_detail: boolean;
  items: ItemValues[];
};

const toValues = (s: Segment | undefined): Values => ({
  name: s?.name ?? '',
  name_plural: s?.name_plural ?? '',
  description: s?.description ?? '',
  type: s?.type ?? 'text',
  show_as_filter: s?.show_as_filter ?? true,
  show_in_detail: s?.show_in_detail ?? true,
  items: s?.items.length ? s.items.map((i) => withKey({ id: i.id, name: i.name, summary: i.summary ?? '', link: i.link ?? '' })) : [blankItem()],
});

const toInput = ({ items, ...v }: Values): SegmentInput => ({
  ...v,
  // A text or date segment keeps no options; the blank row the form shows is not sent.
  items: hasSegmentItems(v.type) ? items.map(({ key: _key, ...i }) => i) : [],
});

function validate(values: Values): Record<string, string> {
  const parsed = segmentInputSchema.safeParse(toInput(values));
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

/** /segments/new and /segments/:id (spec part 1 §2 "Segment form"). */
export function SegmentFormPage() {
  const params = useParams();
  const id = params.id ? Number(params.id) : null;
  return <Screen key={id ?? 'new'} id={id !== null && Number.isInteger(id) ? id : -1} isNew={id === null} />;
}

function Screen({ id, isNew }: { id: number; isNew: boolean }) {
  const query = useSegment(isNew ? null : id);
  if (!isNew && query.isPending) {
    return (
      <Center h={200}>
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  if (!isNew && !query.data) return <LoadErrorAlert error={query.error} />;
  return <SegmentForm segment={query.data} />;
}

function SegmentForm({ segment }: { segment: Segment | undefined }) {
  const navigate = useNavigate();
  const save = useSaveSegment(segment?.id ?? null);
  const remove = useDeleteSegment();
  const form = useForm<Values>({ initialValues: toValues(segment), validate });
  useUnsavedChanges(form.isDirty());
  const errors = Object.fromEntries(Object.entries(form.errors).map(([k, v]) => [k, String(v)]));
  const title = segment ? segment.name : 'Add segment';

  const handleSubmit = form.onSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(toInput(values));
      toast.success('Segment saved.');
      const next = toValues(saved);
      form.setValues(next);
      form.resetDirty(next);
      if (!segment) void navigate(`/segments/${saved.id}`, { replace: true, state: LEAVE_WITHOUT_ASKING });
    } catch (error) {
      if (error instanceof ApiError && error.status === 422 && error.errors) {
        form.setErrors(Object.fromEntries(Object.entries(error.errors).map(([k, v]) => [k, v[0]])));
        return;
      }
      toast.error(error instanceof Error ? error.message : String(error));
    }
  });

  // Item errors are keyed by position: once rows move or go, the old ones point at the wrong row.
  const changeItems = (items: ItemValues[]) => {
    form.setFieldValue('items', items);
    form.setErrors(Object.fromEntries(Object.entries(form.errors).filter(([k]) => !k.startsWith('items'))));
  };

  const handleDelete = async () => {
    if (!segment) return;
    if (!(await confirm({ title: 'Delete segment', message: `Delete ${segment.name}?`, confirmLabel: 'Delete', danger: true }))) return;
    try {
      toast.success((await remove.mutateAsync(segment.id)).message);
      void navigate('/segments', { state: LEAVE_WITHOUT_ASKING });
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <Stack gap="lg" maw={1000}>
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Breadcrumbs>
            <Anchor component={Link} to="/segments" size="sm">
              Segments
            </Anchor>
            <Text size="sm">{title}</Text>
          </Breadcrumbs>
          <Title order={2}>{title}</Title>
        </Stack>
        {segment && (
          <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={() => void handleDelete()}>
            Delete
          </Button>
        )}
      </Group>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="lg">
          <Paper withBorder p="lg">
            <Stack>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label="Name" required maxLength={100} {...form.getInputProps('name')} />
                <TextInput label="Plural name" maxLength={100} {...form.getInputProps('name_plural')} />
                <Select
                  label="Type"
                  data={SEGMENT_TYPES.map((t) => ({ value: t, label: segmentTypeLabels[t] }))}
                  allowDeselect={false}
                  {...form.getInputProps('type')}
                />
              </SimpleGrid>
              <Textarea label="Description" autosize minRows={2} maxLength={5000} {...form.getInputProps('description')} />
              <Group>
                <Checkbox label="Show as a filter" {...form.getInputProps('show_as_filter', { type: 'checkbox' })} />
                <Checkbox label="Show on the sponsee's page" {...form.getInputProps('show_in_detail', { type: 'checkbox' })} />
              </Group>
            </Stack>
          </Paper>
          {hasSegmentItems(form.values.type) && (
            <Paper withBorder p="lg">
              <Title order={3} size="h4" mb="md">
                Options
              </Title>
              <SegmentItemsTable items={form.values.items} errors={errors} onChange={changeItems} />
              {errors.items && (
                <Text size="sm" c="red" mt="xs" role="alert">
                  {errors.items}
                </Text>
              )}
            </Paper>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              {segment ? 'Save' : 'Create segment'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
