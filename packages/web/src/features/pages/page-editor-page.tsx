import type { Page, PageType } from '@almoner/contracts';
import { Anchor, Breadcrumbs, Button, Center, Checkbox, Grid, Group, Loader, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useCan } from '../../app/session.ts';
import { confirm } from '../../components/dialogs.tsx';
import { toast } from '../../components/toast.ts';
import { LEAVE_WITHOUT_ASKING, useUnsavedChanges } from '../../components/use-unsaved-changes.ts';
import { ApiError } from '../../lib/api.ts';
import { LoadErrorAlert } from '../users/load-error-alert.tsx';
import { pageKeys, useDeletePage, useEditorOptions, usePage, useSavePage } from './api.ts';
import { BackgroundFields } from './background-fields.tsx';
import { ContentEditor, type EditorMode } from './content-editor.tsx';
import { toInput, toValues, validatePage, type PageValues } from './page-values.ts';
import { PageBasicsSection, PageSearchSection } from './page-sections.tsx';
import { RevisionsPanel } from './revisions-panel.tsx';
import { useAutosave } from './use-autosave.ts';

/** /pages/new and /pages/:id (spec part 1 §2 "Page editor"). */
export function PageEditorPage() {
  const params = useParams();
  const id = params.id ? Number(params.id) : null;
  const isNew = id === null;
  const query = usePage(isNew ? null : Number.isInteger(id) ? id : -1);
  if (!isNew && query.isPending)
    return (
      <Center h={200}>
        <Loader aria-label="Loading" />
      </Center>
    );
  if (!isNew && !query.data) return <LoadErrorAlert error={query.error} />;
  return <PageForm key={id ?? 'new'} page={query.data} />;
}

const CODE_ONLY: readonly PageType[] = ['advanced', 'liquid'];

function PageForm({ page }: { page: Page | undefined }) {
  const navigate = useNavigate();
  const can = useCan();
  const canEdit = can(page ? 'node.edit' : 'node.add');
  const options = useEditorOptions();
  const save = useSavePage(page?.id ?? null);
  const remove = useDeletePage();
  const form = useForm<PageValues>({ initialValues: toValues(page), validate: validatePage });
  const [mode, setMode] = useState<EditorMode>('visual');
  const [autosaveOn, setAutosaveOn] = useState(true);
  const queryClient = useQueryClient();
  // A new draft shows in the revisions list at once.
  const refreshRevisions = () => void queryClient.invalidateQueries({ queryKey: pageKeys.detail(page?.id ?? 0) });
  const { lastSavedAt } = useAutosave(page?.id ?? null, autosaveOn && canEdit, () => toInput(form.getValues()), refreshRevisions);
  useUnsavedChanges(form.isDirty());
  const title = page ? page.title : 'Add page';

  const reset = (saved: Page) => {
    const next = toValues(saved);
    form.setValues(next);
    form.resetDirty(next);
  };

  const handleSubmit = form.onSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync({ ...toInput(values), id: page?.id });
      toast.success('Page saved.');
      reset(saved);
      if (!page) void navigate(`/pages/${saved.id}`, { replace: true, state: LEAVE_WITHOUT_ASKING });
    } catch (error) {
      if (error instanceof ApiError && error.status === 422 && error.errors) {
        form.setErrors(Object.fromEntries(Object.entries(error.errors).map(([k, v]) => [k, v[0]])));
        return;
      }
      toast.error(error instanceof Error ? error.message : String(error));
    }
  });

  const handleDelete = async () => {
    if (!page) return;
    if (!(await confirm({ title: 'Delete page', message: `Delete the page ${page.title}?`, confirmLabel: 'Delete', danger: true }))) return;
    try {
      await remove.mutateAsync(page.id);
      toast.success('Page deleted.');
      void navigate('/pages', { state: LEAVE_WITHOUT_ASKING });
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  };

  const type = form.values.type;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Breadcrumbs>
            <Anchor component={Link} to="/pages" size="sm">Pages</Anchor>
            <Text size="sm">{title}</Text>
          </Breadcrumbs>
          <Title order={2}>{title}</Title>
        </Stack>
        {page && can('node.edit') && (
          <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={() => void handleDelete()}>
            Delete page
          </Button>
        )}
      </Group>
      <form onSubmit={handleSubmit} noValidate>
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: 9 }}>
            <Stack gap="lg">
              <PageBasicsSection form={form} page={page} options={options.data} />
              {type !== 'menu' && (
                <Paper withBorder p="lg">
                  <ContentEditor value={form.values.body} onChange={(v) => form.setFieldValue('body', v)} mode={mode} onModeChange={setMode} codeOnly={CODE_ONLY.includes(type)} options={options.data} />
                  {form.errors.body && <Text size="sm" c="red" role="alert" mt="xs">{form.errors.body}</Text>}
                </Paper>
              )}
              <Paper withBorder p="lg">
                <Title order={3} size="h4" mb="sm">Background</Title>
                <BackgroundFields form={form} />
              </Paper>
              <PageSearchSection form={form} />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 3 }}>
            <Stack gap="lg">
              <Paper withBorder p="lg">
                <Stack>
                  <Checkbox label="Active" {...form.getInputProps('is_active', { type: 'checkbox' })} />
                  <Checkbox label="Hidden from menus" {...form.getInputProps('is_hidden', { type: 'checkbox' })} />
                  <Checkbox label="Requires login" {...form.getInputProps('requires_login', { type: 'checkbox' })} />
                  {page && canEdit && (
                    <Switch label="Autosave every minute" checked={autosaveOn} onChange={(e) => setAutosaveOn(e.currentTarget.checked)} />
                  )}
                  {lastSavedAt && <Text size="xs" c="dimmed" role="status">Draft autosaved at {lastSavedAt.toLocaleTimeString()}</Text>}
                  {canEdit && (
                    <Button type="submit" loading={save.isPending}>
                      {page ? 'Save page' : 'Create page'}
                    </Button>
                  )}
                </Stack>
              </Paper>
              {page && <RevisionsPanel page={page} canEdit={can('node.edit')} onRestored={reset} />}
            </Stack>
          </Grid.Col>
        </Grid>
      </form>
    </Stack>
  );
}
