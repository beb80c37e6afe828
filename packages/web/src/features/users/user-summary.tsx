import { permissionGroups, type UserDetail } from '@almoner/contracts';
import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Fact } from '../contributions/page-parts.tsx';
import { permissionLabel } from './permission-labels.ts';

/**
 * A user as someone who may look but not change them sees it (`user.view` alone, or a user who
 * holds permissions the viewer does not): the same facts as the form, without controls.
 */
export function UserSummary({ user, note }: { user: UserDetail; note: string }) {
  const granted = new Set(user.permissions);
  const groups = permissionGroups
    .map((group) => ({ label: group.label, ids: group.ids.filter((id) => granted.has(id)) }))
    .filter((group) => group.ids.length > 0);
  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        {note}
      </Text>
      <Paper withBorder p="lg">
        <Title order={3} size="h4" mb="md">
          Details
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Fact label="Name">
            {user.first_name} {user.last_name}
          </Fact>
          <Fact label="Email">{user.email}</Fact>
          <Fact label="Phone">{user.phone || '—'}</Fact>
        </SimpleGrid>
      </Paper>
      <Paper withBorder p="lg">
        <Title order={3} size="h4" mb="md">
          Access
        </Title>
        {!user.is_admin_user ? (
          <Text size="sm">May not sign in to the back-office.</Text>
        ) : user.is_account_admin ? (
          <Text size="sm">Account administrator: all permissions.</Text>
        ) : groups.length === 0 ? (
          <Text size="sm">May sign in, with no permissions.</Text>
        ) : (
          <Stack gap="sm">
            {groups.map((group) => (
              <Group key={group.label} gap="xs" align="baseline">
                <Text size="sm" fw={600} w={160}>
                  {group.label}
                </Text>
                {group.ids.map((id) => (
                  <Badge key={id} variant="light" color="gray" tt="none">
                    {permissionLabel(id)}
                  </Badge>
                ))}
              </Group>
            ))}
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}
