import { formatDateTime, hasPermission, type UserListItem } from '@almoner/contracts';
import { Anchor, Badge, Button, Center, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../../app/session.ts';
import { useUsers } from './api.ts';
import { LoadErrorAlert } from './load-error-alert.tsx';

function AccessBadge({ user }: { user: UserListItem }) {
  if (!user.is_admin_user) return <Badge color="gray" variant="light">No sign-in</Badge>;
  if (user.is_account_admin) return <Badge color="grape" variant="light">Account admin</Badge>;
  return <Badge color="blue" variant="light">Staff</Badge>;
}

function UserRow({ user }: { user: UserListItem }) {
  const navigate = useNavigate();
  const name = `${user.first_name} ${user.last_name}`;
  return (
    <Table.Tr style={{ cursor: 'pointer' }} onClick={() => void navigate(`/users/${user.id}`)}>
      <Table.Td>
        <Anchor component={Link} to={`/users/${user.id}`} fw={500} onClick={(e) => e.stopPropagation()}>
          {name}
        </Anchor>
      </Table.Td>
      <Table.Td>{user.email}</Table.Td>
      <Table.Td>
        <AccessBadge user={user} />
      </Table.Td>
      <Table.Td>
        <Badge color={user.two_factor_enabled ? 'teal' : 'gray'} variant={user.two_factor_enabled ? 'light' : 'outline'}>
          {user.two_factor_enabled ? 'On' : 'Off'}
        </Badge>
      </Table.Td>
      <Table.Td>{user.last_login_at ? formatDateTime(user.last_login_at) : <Text c="dimmed" size="sm">Never</Text>}</Table.Td>
    </Table.Tr>
  );
}

/** Staff users (spec part 3 §2.11); the shared server-side table replaces this in a later issue. */
export function UserListPage() {
  const session = useSession();
  const users = useUsers();
  const me = session.data?.user;
  const canAdd = me ? hasPermission(me, 'user.add') : false;

  return (
    <Stack gap="lg" maw={1200}>
      <Group justify="space-between">
        <Title order={2}>Users</Title>
        {canAdd && (
          <Button component={Link} to="/users/new" leftSection={<IconPlus size={16} />}>
            Add user
          </Button>
        )}
      </Group>
      {users.isPending && (
        <Center h={200}>
          <Loader aria-label="Loading" />
        </Center>
      )}
      {users.error && <LoadErrorAlert error={users.error} />}
      {users.data && (
        <Paper withBorder>
          <Table.ScrollContainer minWidth={700}>
            <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Email</Table.Th>
                  <Table.Th>Access</Table.Th>
                  <Table.Th>Two-factor</Table.Th>
                  <Table.Th>Last sign-in</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {users.data.map((user) => (
                  <UserRow key={user.id} user={user} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
    </Stack>
  );
}
