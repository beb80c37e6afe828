import {
  Anchor,
  Breadcrumbs,
  Button,
  Fieldset,
  Group,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { FormSection } from './form-section.tsx';
import type { FormPage } from './use-form-page.ts';

/**
 * What the page edits, where its heading says it in the usual words: the record's name, or for a
 * new one "Add <noun>" with a "Create <noun>" button.
 */
type Named = { noun: string; name: string | undefined };

/** The heading and Save button, in the usual words (`record`) or the page's own. */
type Heading =
  | { record: Named; title?: never; submitLabel?: never }
  | { record?: never; title: string; submitLabel: string };

type Props = Heading & {
  /** The list the page belongs to: the breadcrumb back to it. */
  back: { to: string; label: string };
  /** The breadcrumb's name for the record, where it is shorter than the title. */
  crumb?: string;
  /** The page's width; 1000 px unless its fields want more or less room. */
  maw?: number;
  /** What `useFormPage` answered: the page's save, delete (none for a new record) and saving state. */
  page: Pick<FormPage<never>, 'handleSubmit' | 'handleDelete'> & {
    form: { submitting: boolean; isDirty: () => boolean };
  };
  /** More buttons beside Delete (a promo's Duplicate). */
  actions?: ReactNode;
  /** Between the heading and the form: alerts and panels about the record. */
  above?: ReactNode;
  /** After the form: panels with saves of their own. */
  below?: ReactNode;
  /**
   * Only pages that show a record to users who may not change it pass this: without it the
   * fields are disabled (one fieldset) and Save and Delete are not shown.
   */
  canEdit?: boolean;
  /**
   * A long form (the product's): Save stays in view at the bottom with a note of unsaved changes,
   * and the fields lock while a save is under way, since its answer replaces the values being edited.
   */
  long?: boolean;
  children: ReactNode;
};

/**
 * The frame of every record form page, so they read alike: breadcrumb and title with Delete on
 * the right, then the form's sections and Save at the bottom. The fields sit in a real <form>
 * with a submit button, so Enter in a field saves, as everywhere else.
 */
export function FormPageLayout({
  back,
  record,
  title = record?.name ?? `Add ${record?.noun}`,
  submitLabel = record?.name === undefined ? `Create ${record?.noun}` : 'Save',
  crumb = title,
  maw = 1000,
  page,
  actions,
  above,
  below,
  canEdit,
  long = false,
  children,
}: Props) {
  const { handleSubmit, handleDelete: onDelete, form } = page;
  const editable = canEdit ?? true;
  const deleteButton = onDelete && editable && (
    <Button
      variant="subtle"
      color="red"
      leftSection={<IconTrash size={16} />}
      onClick={() => void onDelete()}
    >
      Delete
    </Button>
  );
  const sections = (
    <Stack gap="lg">
      {children}
      {editable && !long && (
        <Group justify="flex-end">
          <Button type="submit" loading={form.submitting}>
            {submitLabel}
          </Button>
        </Group>
      )}
      {editable && long && (
        <Paper
          withBorder
          shadow="sm"
          p="sm"
          style={{ position: 'sticky', bottom: 'var(--mantine-spacing-md)', zIndex: 2 }}
        >
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {form.isDirty() ? 'Unsaved changes' : ''}
            </Text>
            <Button type="submit" loading={form.submitting}>
              {submitLabel}
            </Button>
          </Group>
        </Paper>
      )}
    </Stack>
  );
  return (
    <Stack gap="lg" maw={maw}>
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Breadcrumbs>
            <Anchor component={Link} to={back.to} size="sm">
              {back.label}
            </Anchor>
            <Text size="sm">{crumb}</Text>
          </Breadcrumbs>
          <Title order={2}>{title}</Title>
        </Stack>
        {actions ? (
          <Group gap="xs">
            {actions}
            {deleteButton}
          </Group>
        ) : (
          deleteButton
        )}
      </Group>
      {above}
      <form onSubmit={handleSubmit} noValidate>
        {canEdit === undefined && !long ? (
          sections
        ) : (
          <Fieldset variant="unstyled" disabled={!editable || (long && form.submitting)}>
            {sections}
          </Fieldset>
        )}
      </form>
      {below}
    </Stack>
  );
}

/** One card of the page's fields (see `FormSection`), as `<FormPageLayout.Section>`. */
FormPageLayout.Section = FormSection;
