import {
  categoryInputSchema,
  type CatalogueImage,
  type Category,
  type CategoryInput,
} from '@almoner/contracts';
import { Select, TextInput } from '@mantine/core';
import {
  FormPageLayout,
  TextFields,
  useFormPage,
  useRouteRecord,
  type TextField,
} from '../../components/form-page/index.ts';
import { CategoryImageField } from './category-image-field.tsx';
import {
  categoryPaths,
  useCategories,
  useCategory,
  useDeleteCategory,
  useSaveCategory,
} from './api.ts';

type Values = {
  name: string;
  parent_id: string | null;
  sequence: string;
  url_name: string;
  image: CatalogueImage | null;
};

/** Where the category shows: its address and its place among its siblings. */
const placeFields: TextField<Values>[] = [
  { name: 'url_name', label: 'URL name', description: 'Lower-case letters, numbers and hyphens', maxLength: 150 },
  { name: 'sequence', label: 'Order', description: 'Lower numbers come first', inputMode: 'numeric' },
];

const toValues = (c: Category | undefined): Values => ({
  name: c?.name ?? '',
  parent_id: c?.parent_id == null ? null : String(c.parent_id),
  sequence: String(c?.sequence ?? 0),
  url_name: c?.url_name ?? '',
  image: c?.image ?? null,
});

const toInput = (v: Values): CategoryInput => ({
  name: v.name,
  parent_id: v.parent_id === null ? null : Number(v.parent_id),
  sequence: v.sequence,
  url_name: v.url_name,
  media_id: v.image?.id ?? null,
});

/** /categories/new and /categories/:id. */
export function CategoryFormPage() {
  const list = useCategories();
  const { record, gate, key } = useRouteRecord(useCategory, { needed: [list] });
  if (gate || !list.data) return gate;
  return <CategoryForm key={key} category={record} all={list.data.data} />;
}

function CategoryForm({ category, all }: { category: Category | undefined; all: Category[] }) {
  const save = useSaveCategory(category?.id ?? null);
  const remove = useDeleteCategory();
  const page = useFormPage({
    initialValues: toValues(category),
    schema: categoryInputSchema,
    toInput,
    save: (values: Values) => save.mutateAsync(toInput(values)),
    savedMessage: 'Category saved.',
    valuesAfterSave: toValues,
    createdPath: category ? null : (saved) => `/categories/${saved.id}`,
    remove: category && {
      title: 'Delete category',
      message: `Delete ${category.name}? Its products stay; they just leave this category.`,
      run: () => remove.mutateAsync(category.id),
      listPath: '/categories',
    },
  });
  const { form } = page;
  const paths = categoryPaths(all);
  // The server refuses a parent inside the category too; this only spares staff the round trip for itself.
  const parents = all
    .filter((c) => c.id !== category?.id)
    .map((c) => ({ value: String(c.id), label: paths.get(c.id) ?? c.name }))
    .sort((a, b) => a.label.localeCompare(b.label));

  return (
    <FormPageLayout
      page={page}
      back={{ to: '/categories', label: 'Product categories' }}
      record={{ noun: 'category', name: category?.name }}
      maw={900}
    >
      <FormPageLayout.Section cols={2}>
        <TextInput label="Name" required maxLength={100} {...form.getInputProps('name')} />
        <Select
          label="Parent category"
          placeholder="None (top level)"
          data={parents}
          searchable
          clearable
          {...form.getInputProps('parent_id')}
        />
        <TextFields form={form} fields={placeFields} />
        <CategoryImageField
          value={form.values.image}
          onChange={(image) => form.setFieldValue('image', image)}
          error={form.errors.media_id as string | undefined}
        />
      </FormPageLayout.Section>
    </FormPageLayout>
  );
}
