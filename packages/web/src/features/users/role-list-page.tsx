import { type Role } from '@almoner/contracts';
import { Text } from '@mantine/core';
import { useCan } from '../../app/session.ts';
import { RowLink, SimpleListPage } from '../../components/simple-list-page.tsx';
import { permissionLabel } from './permission-labels.ts';
import { useRoles } from './roles-api.ts';

/** How a role's permissions read in one cell: the first few by name, then how many more. */
function permissionSummary(role: Role): string {
  if (role.permissions.length === 0) return 'No permissions';
  const names = role.permissions.slice(0, 3).map(permissionLabel);
  const more = role.permissions.length - names.length;
  return more > 0 ? `${names.join(', ')} and ${more} more` : names.join(', ');
}

/** Users › Roles: named permission sets, each given to users on the user form. */
export function RoleListPage() {
  const can = useCan();
  const roles = useRoles();
  return (
    <SimpleListPage<Role>
      title="Roles"
      description="A role is a set of permissions defined once (Finance, Data entry, Volunteer …) and given to users on the user form. A user may do what their roles allow plus what is ticked for them alone."
      {...(can('user.edit') ? { add: { to: '/users/roles/new', label: 'Add role' } } : {})}
      query={roles}
      maw={1000}
      empty="No roles yet."
      rowHref={(role) => `/users/roles/${role.id}`}
      columns={[
        { header: 'Name', card: 'title', cell: (role) => <RowLink to={`/users/roles/${role.id}`}>{role.name}</RowLink> },
        { header: 'Permissions', cell: (role) => <Text size="sm" span>{permissionSummary(role)}</Text> },
        { header: 'Users', card: 'status', cell: (role) => `${role.user_count} ${role.user_count === 1 ? 'user' : 'users'}` },
      ]}
    />
  );
}
