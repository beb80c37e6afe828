import { formatDateTime, hasPermission, type UserListItem } from '@almoner/contracts';
import { Badge, Text } from '@mantine/core';
import { useSession } from '../../app/session.ts';
import { RowLink, SimpleListPage } from '../../components/simple-list-page.tsx';
import { useUsers } from './api.ts';

function AccessBadge({ user }: { user: UserListItem }) {
  if (!user.is_admin_user) return <Badge color="gray" variant="light">No sign-in</Badge>;
  if (user.is_account_admin) return <Badge color="grape" variant="light">Account admin</Badge>;
  return <Badge color="blue" variant="light">Staff</Badge>;
}

/** Staff users (spec part 3 §2.11): a short list, a table on a wide screen and cards on a phone. */
export function UserListPage() {
  const session = useSession();
  const users = useUsers();
  const me = session.data?.user;
  const canAdd = me ? hasPermission(me, 'user.add') : false;

  return (
    <SimpleListPage<UserListItem>
      title="Users"
      {...(canAdd ? { add: { to: '/users/new', label: 'Add user' } } : {})}
      query={{ isPending: users.isPending, error: users.error, data: users.data ? { data: users.data } : undefined }}
      maw={1200}
      empty="No users yet."
      rowHref={(user) => `/users/${user.id}`}
      columns={[
        {
          header: 'Name',
          card: 'title',
          cell: (user) => <RowLink to={`/users/${user.id}`}>{`${user.first_name} ${user.last_name}`}</RowLink>,
          sortValue: (user) => `${user.first_name} ${user.last_name}`,
        },
        { header: 'Email', cell: (user) => user.email, sortValue: (user) => user.email },
        { header: 'Access', card: 'status', cell: (user) => <AccessBadge user={user} /> },
        {
          header: 'Two-factor',
          cell: (user) => (
            <Badge color={user.two_factor_enabled ? 'teal' : 'gray'} variant={user.two_factor_enabled ? 'light' : 'outline'}>
              {user.two_factor_enabled ? 'On' : 'Off'}
            </Badge>
          ),
        },
        {
          header: 'Last sign-in',
          card: 'date',
          cell: (user) => (user.last_login_at ? formatDateTime(user.last_login_at) : <Text c="dimmed" size="sm" span>Never</Text>),
          sortValue: (user) => user.last_login_at,
        },
      ]}
    />
  );
}
