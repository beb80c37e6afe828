import { type Role, type RoleInput, roleInputSchema } from '@almoner/contracts';
import { Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useCan, useSession } from '../../app/session.ts';
import { FormPageLayout, useFormPage, useRouteRecord } from '../../components/form-page/index.ts';
import { RecordHistory } from '../audit/record-history.tsx';
import { PermissionSection } from './permission-section.tsx';
import { useDeleteRole, useRole, useSaveRole } from './roles-api.ts';

type Values = { name: string; permissions: string[] };

const toValues = (role: Role | undefined): Values => ({ name: role?.name ?? '', permissions: role?.permissions ?? [] });

/** The server names array items `permissions.3`; the form shows them on the section. */
const fieldOf = (key: string) => (key.startsWith('permissions.') ? 'permissions' : key);

/** /users/roles/new and /users/roles/:id. */
export function RoleFormPage() {
  const { record, gate, key } = useRouteRecord(useRole);
  return gate ?? <RoleForm key={key} role={record} />;
}

function RoleForm({ role }: { role: Role | undefined }) {
  const can = useCan();
  const me = useSession().data?.user;
  const save = useSaveRole(role?.id ?? null);
  const remove = useDeleteRole();
  const page = useFormPage({
    initialValues: toValues(role),
    schema: roleInputSchema,
    toInput: (values): RoleInput => values,
    save: (values: Values) => save.mutateAsync(values),
    savedMessage: 'Saved',
    valuesAfterSave: (saved: Role) => toValues(saved),
    createdPath: role ? null : (saved) => `/users/roles/${saved.id}`,
    errorField: fieldOf,
    remove: role && {
      title: 'Delete role',
      message: `Delete ${role.name}? Users keep the permissions ticked for them alone.`,
      run: () => remove.mutateAsync(role.id),
      listPath: '/users/roles',
    },
  });
  const { form } = page;
  if (!me) return null;
  const error = form.errors.permissions ? String(form.errors.permissions) : undefined;

  return (
    <FormPageLayout
      page={page}
      back={{ to: '/users/roles', label: 'Roles' }}
      record={{ noun: 'role', name: role?.name }}
      maw={1200}
      canEdit={can('user.edit')}
      below={role && <RecordHistory table="roles" id={role.id} description="Changes to this role's name and permissions." />}
    >
      <Paper withBorder p="lg">
        <Stack gap="md">
          <TextInput label="Name" required maxLength={45} data-autofocus {...form.getInputProps('name')} />
          {role && (
            <Text size="sm" c="dimmed">
              Given to {role.user_count} {role.user_count === 1 ? 'user' : 'users'}.
            </Text>
          )}
        </Stack>
      </Paper>
      <Paper withBorder p="lg">
        <Title order={3} size="h4" mb="md">
          Permissions
        </Title>
        <PermissionSection
          actor={me}
          isAccountAdmin={false}
          permissions={form.values.permissions}
          onPermissionsChange={(v) => form.setFieldValue('permissions', v)}
          error={error}
        />
      </Paper>
    </FormPageLayout>
  );
}
