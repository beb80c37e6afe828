import { categoryInputSchema, type CatalogueImage, type Category, type CategoryInput } from '@almoner/contracts';
import { Anchor, Breadcrumbs, Button, Center, Group, Loader, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconTrash } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { confirm } from '../../components/dialogs.tsx';
import { toast } from '../../components/toast.ts';
import { LEAVE_WITHOUT_ASKING, useUnsavedChanges } from '../../components/use-unsaved-changes.ts';
import { ApiError } from '../../lib/api.ts';
import { LoadErrorAlert } from '../users/load-error-alert.tsx';
import { CategoryImageField } from './category-image-field.tsx';
import { categoryPaths, useCategories, useCategory, useDeleteCategory, useSaveCategory } from './api.ts';

type Values = { name: string; parent_id: string | null; sequence: string; url_name: string; image: CatalogueImage | null };

const toValues = (c: Category | undefined): Values => ({
  name: c?.name ?? '',
  parent_id: c?.parent_id == null ? null : String(c.parent_id),
  sequence: String(c?.sequence ?? 0),
  url_name: c?.url_name ?? '',
  image: c?.image ?? null,
});

const toInput = (v: Values): CategoryInput => ({ name: v.name, parent_id: v.parent_id === null ? null : Number(v.parent_id), sequence: v.sequence, url_name: v.url_name, media_id: v.image?.id ?? null });

function validate(values: Values): Record<string, string> {
  const parsed = categoryInputSchema.safeParse(toInput(values));
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

/** /categories/new and /categories/:id. */
export function CategoryFormPage() {
  const params = useParams();
  const id = params.id ? Number(params.id) : null;
  return <Screen key={id ?? 'new'} id={id !== null && Number.isInteger(id) ? id : -1} isNew={id === null} />;
}

function Screen({ id, isNew }: { id: number; isNew: boolean }) {
  const query = useCategory(isNew ? null : id);
  const list = useCategories();
  if ((!isNew && query.isPending) || list.isPending) {
    return (
      <Center h={200}>
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  if (!isNew && !query.data) return <LoadErrorAlert error={query.error} />;
  if (!list.data) return <LoadErrorAlert error={list.error} />;
  return <CategoryForm category={query.data} all={list.data.data} />;
}

function CategoryForm({ category, all }: { category: Category | undefined; all: Category[] }) {
  const navigate = useNavigate();
  const save = useSaveCategory(category?.id ?? null);
  const remove = useDeleteCategory();
  const form = useForm<Values>({ initialValues: toValues(category), validate });
  useUnsavedChanges(form.isDirty());
  const title = category ? category.name : 'Add category';
  const paths = categoryPaths(all);
  // The server refuses a parent inside the category too; this only spares staff the round trip for itself.
  const parents = all
    .filter((c) => c.id !== category?.id)
    .map((c) => ({ value: String(c.id), label: paths.get(c.id) ?? c.name }))
    .sort((a, b) => a.label.localeCompare(b.label));

  const handleSubmit = form.onSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(toInput(values));
      toast.success('Category saved.');
      const next = toValues(saved);
      form.setValues(next);
      form.resetDirty(next);
      if (!category) void navigate(`/categories/${saved.id}`, { replace: true, state: LEAVE_WITHOUT_ASKING });
    } catch (error) {
      if (error instanceof ApiError && error.status === 422 && error.errors) {
        form.setErrors(Object.fromEntries(Object.entries(error.errors).map(([k, v]) => [k, v[0]])));
        return;
      }
      toast.error(error instanceof Error ? error.message : String(error));
    }
  });

  const handleDelete = async () => {
    if (!category) return;
    if (!(await confirm({ title: 'Delete category', message: `Delete ${category.name}? Its products stay; they just leave this category.`, confirmLabel: 'Delete', danger: true }))) return;
    try {
      toast.success((await remove.mutateAsync(category.id)).message);
      void navigate('/categories', { state: LEAVE_WITHOUT_ASKING });
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <Stack gap="lg" maw={900}>
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Breadcrumbs>
            <Anchor component={Link} to="/categories" size="sm">
              Product categories
            </Anchor>
            <Text size="sm">{title}</Text>
          </Breadcrumbs>
          <Title order={2}>{title}</Title>
        </Stack>
        {category && (
          <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={() => void handleDelete()}>
            Delete
          </Button>
        )}
      </Group>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="lg">
          <Paper withBorder p="lg">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="Name" required maxLength={100} {...form.getInputProps('name')} />
              <Select label="Parent category" placeholder="None (top level)" data={parents} searchable clearable {...form.getInputProps('parent_id')} />
              <TextInput label="URL name" description="Lower-case letters, numbers and hyphens" maxLength={150} {...form.getInputProps('url_name')} />
              <TextInput label="Order" description="Lower numbers come first" inputMode="numeric" {...form.getInputProps('sequence')} />
              <CategoryImageField value={form.values.image} onChange={(image) => form.setFieldValue('image', image)} error={form.errors.media_id as string | undefined} />
            </SimpleGrid>
          </Paper>
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              {category ? 'Save' : 'Create category'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
