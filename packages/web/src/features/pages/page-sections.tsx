import { PAGE_TYPES, pageTypeLabels, type PageEditorOptions, type Page } from '@almoner/contracts';
import { Paper, Select, SimpleGrid, Stack, TextInput, Textarea, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { PageValues } from './page-values.ts';

type PageFormApi = UseFormReturnType<PageValues>;

/** Title, type, URL and where the page sits in the menu (a category page also names its category). */
export function PageBasicsSection({ form, page, options }: { form: PageFormApi; page: Page | undefined; options: PageEditorOptions | undefined }) {
  return (
    <Paper withBorder p="lg">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Title" required maxLength={255} {...form.getInputProps('title')} />
        <Select label="Page type" data={PAGE_TYPES.map((t) => ({ value: t, label: pageTypeLabels[t] }))} allowDeselect={false} {...form.getInputProps('type')} />
        {form.values.type === 'category' && (
          <Select label="Category" required searchable data={(options?.categories ?? []).map((c) => ({ value: String(c.id), label: c.name }))} {...form.getInputProps('category_id')} />
        )}
        <TextInput label="URL" placeholder="/about" maxLength={255} {...form.getInputProps('url')} />
        <Select label="Menu parent" clearable searchable data={(options?.parents ?? []).filter((p) => p.id !== page?.id).map((p) => ({ value: String(p.id), label: p.title }))} {...form.getInputProps('parent_id')} />
      </SimpleGrid>
    </Paper>
  );
}

/** What search engines are told: the browser title and the meta tags. */
export function PageSearchSection({ form }: { form: PageFormApi }) {
  return (
    <Paper withBorder p="lg">
      <Title order={3} size="h4" mb="sm">Search engines</Title>
      <Stack>
        <TextInput label="Browser title" maxLength={255} {...form.getInputProps('page_title')} />
        <Textarea label="Meta description" autosize minRows={2} maxLength={5000} {...form.getInputProps('meta_description')} />
        <TextInput label="Meta keywords" maxLength={5000} {...form.getInputProps('meta_keywords')} />
      </Stack>
    </Paper>
  );
}
