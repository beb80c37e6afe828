import { userInputSchema, type PermissionHolder, type UserDetail } from '@almoner/contracts';
import { Button, Checkbox, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver } from '@mantine/form';
import { useFormPage } from '../../components/form-page/index.ts';
import { PasswordField } from '../../components/password-field.tsx';
import { useSaveUser } from './api.ts';
import { PermissionSection } from './permission-section.tsx';
import { RoleChoice, useRolePermissions } from './role-choice.tsx';

export type UserFormValues = {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  password: string;
  is_admin_user: boolean;
  is_account_admin: boolean;
  permissions: string[];
  role_ids: number[];
};

const toValues = (user: UserDetail | undefined): UserFormValues => ({
  first_name: user?.first_name ?? '',
  last_name: user?.last_name ?? '',
  email: user?.email ?? '',
  phone: user?.phone ?? '',
  password: '',
  is_admin_user: user?.is_admin_user ?? true,
  is_account_admin: user?.is_account_admin ?? false,
  permissions: user?.permissions ?? [],
  role_ids: user?.role_ids ?? [],
});

/** The server names array items `permissions.3`; the form shows them on the section. */
const fieldOf = (key: string) => (key.startsWith('permissions.') ? 'permissions' : key.startsWith('role_ids.') ? 'role_ids' : key);

/** `actor` is the signed-in user: the form offers only the access they may grant. */
type Props = { user?: UserDetail | undefined; actor: PermissionHolder; onSaved: (user: UserDetail) => void };

/** The user form (spec part 3 §2.11): details, password and the admin checkbox with permissions. */
export function UserForm({ user, actor, onSaved }: Props) {
  const save = useSaveUser(user?.id ?? null);
  // The page moves a new user to their own URL (onSaved): the form sits in a grid of panels.
  const { form, handleSubmit } = useFormPage({
    initialValues: toValues(user),
    validate: schemaResolver(userInputSchema, { sync: true }),
    save: (values: UserFormValues) => save.mutateAsync(values),
    savedMessage: 'Saved',
    valuesAfterSave: toValues,
    onSaved,
    createdPath: null,
    errorField: fieldOf,
  });

  const error = (field: string) => (form.errors[field] ? String(form.errors[field]) : undefined);
  const fromRoles = useRolePermissions(form.values.role_ids);

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="lg">
        <Paper withBorder p="lg">
          <Title order={3} size="h4" mb="md">
            Details
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="First name" required maxLength={45} autoComplete="off" {...form.getInputProps('first_name')} />
            <TextInput label="Last name" required maxLength={45} autoComplete="off" {...form.getInputProps('last_name')} />
            <TextInput label="Email" type="email" required maxLength={45} autoComplete="off" {...form.getInputProps('email')} />
            <TextInput label="Phone" type="tel" maxLength={36} autoComplete="off" {...form.getInputProps('phone')} />
            <PasswordField
              label="Password"
              autoComplete="new-password"
              description={user ? 'Leave blank to keep the current password.' : 'At least 8 characters, with letters and numbers.'}
              {...form.getInputProps('password')}
            />
          </SimpleGrid>
        </Paper>

        <Paper withBorder p="lg">
          <Title order={3} size="h4" mb="md">
            Access
          </Title>
          <Stack gap="md">
            <Checkbox
              label="Admin user"
              description="May sign in to the back-office."
              {...form.getInputProps('is_admin_user', { type: 'checkbox' })}
            />
            {form.values.is_admin_user && !form.values.is_account_admin && (
              <RoleChoice actor={actor} value={form.values.role_ids} onChange={(v) => form.setFieldValue('role_ids', v)} error={error('role_ids')} />
            )}
            {form.values.is_admin_user && (
              <PermissionSection
                fromRoles={fromRoles}
                actor={actor}
                isAccountAdmin={form.values.is_account_admin}
                permissions={form.values.permissions}
                onAccountAdminChange={(v) => form.setFieldValue('is_account_admin', v)}
                onPermissionsChange={(v) => form.setFieldValue('permissions', v)}
                error={error('permissions')}
                accountAdminError={error('is_account_admin')}
              />
            )}
          </Stack>
        </Paper>

        {/* Sticky: the permission list is long, and Save should not be a scroll away. */}
        <Paper withBorder shadow="sm" p="sm" style={{ position: 'sticky', bottom: 'var(--mantine-spacing-md)', zIndex: 2 }}>
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {form.isDirty() ? 'Unsaved changes' : ''}
            </Text>
            <Button type="submit" loading={form.submitting}>
              {user ? 'Save' : 'Create user'}
            </Button>
          </Group>
        </Paper>
      </Stack>
    </form>
  );
}
