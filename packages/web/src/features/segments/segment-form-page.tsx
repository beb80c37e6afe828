import {
  SEGMENT_TYPES,
  hasSegmentItems,
  segmentInputSchema,
  segmentTypeLabels,
  type Segment,
  type SegmentInput,
  type SegmentType,
} from '@almoner/contracts';
import { Checkbox, Group, Select, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { FormPageLayout, useFormPage, useRouteRecord } from '../../components/form-page/index.ts';
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
  items: s?.items.length
    ? s.items.map((i) =>
        withKey({ id: i.id, name: i.name, summary: i.summary ?? '', link: i.link ?? '' }),
      )
    : [blankItem()],
});

const toInput = ({ items, ...v }: Values): SegmentInput => ({
  ...v,
  // A text or date segment keeps no options; the blank row the form shows is not sent.
  items: hasSegmentItems(v.type) ? items.map(({ key: _key, ...i }) => i) : [],
});

/** /segments/new and /segments/:id (spec part 1 §2 "Segment form"). */
export function SegmentFormPage() {
  const { record, gate, key } = useRouteRecord(useSegment);
  return gate ?? <SegmentForm key={key} segment={record} />;
}

function SegmentForm({ segment }: { segment: Segment | undefined }) {
  const save = useSaveSegment(segment?.id ?? null);
  const remove = useDeleteSegment();
  const page = useFormPage({
    initialValues: toValues(segment),
    schema: segmentInputSchema,
    toInput,
    save: (values: Values) => save.mutateAsync(toInput(values)),
    savedMessage: 'Segment saved.',
    valuesAfterSave: toValues,
    createdPath: segment ? null : (saved) => `/segments/${saved.id}`,
    remove: segment && {
      title: 'Delete segment',
      message: `Delete ${segment.name}?`,
      run: () => remove.mutateAsync(segment.id),
      listPath: '/segments',
    },
  });
  const { form } = page;
  const items = page.rowList('items');

  return (
    <FormPageLayout
      page={page}
      back={{ to: '/segments', label: 'Segments' }}
      record={{ noun: 'segment', name: segment?.name }}
    >
      <FormPageLayout.Section>
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
          <Textarea
            label="Description"
            autosize
            minRows={2}
            maxLength={5000}
            {...form.getInputProps('description')}
          />
          <Group>
            <Checkbox
              label="Show as a filter"
              {...form.getInputProps('show_as_filter', { type: 'checkbox' })}
            />
            <Checkbox
              label="Show on the sponsee's page"
              {...form.getInputProps('show_in_detail', { type: 'checkbox' })}
            />
          </Group>
        </Stack>
      </FormPageLayout.Section>
      {hasSegmentItems(form.values.type) && (
        <FormPageLayout.Section title="Options">
          <SegmentItemsTable items={items.value} errors={items.errors} onChange={items.onChange} />
        </FormPageLayout.Section>
      )}
    </FormPageLayout>
  );
}
