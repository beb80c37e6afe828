import type { UserDetail } from '@almoner/contracts';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { confirm } from '../../components/dialogs.tsx';
import { useDeleteUser, useDisableUserTwoFactor } from './api.ts';
import { toast } from '../../components/toast.ts';

const toastError = (error: unknown) =>
  toast.error(error instanceof Error ? error.message : String(error));

/** An administrator turns off someone's two-factor, e.g. after a lost phone. */
export function UserTwoFactorPanel({ user, canDisable }: { user: UserDetail; canDisable: boolean }) {
  const disable = useDisableUserTwoFactor();

  const handleDisable = async () => {
    const ok = await confirm({
      title: 'Turn off two-factor?',
      message: `${user.first_name} ${user.last_name} will sign in with a password alone until they turn it on again.`,
      confirmLabel: 'Turn off',
      danger: true,
    });
    if (ok) await disable.mutateAsync(user.id).then((r) => toast.success(r.message), toastError);
  };

  return (
    <Paper withBorder p="lg">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h4">
            Two-factor
          </Title>
          <Badge color={user.two_factor_enabled ? 'teal' : 'gray'} variant="light">
            {user.two_factor_enabled ? 'On' : 'Off'}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {user.two_factor_enabled
            ? 'Signing in needs a code from their authenticator app.'
            : 'Users turn two-factor on from their own profile.'}
        </Text>
        {user.two_factor_enabled && canDisable && (
          <Group>
            <Button variant="default" color="red" onClick={() => void handleDisable()} loading={disable.isPending}>
              Turn off two-factor
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/** Delete needs a confirmation (spec part 3 §5). */
export function DeleteUserPanel({ user }: { user: UserDetail }) {
  const remove = useDeleteUser();
  const navigate = useNavigate();
  const name = `${user.first_name} ${user.last_name}`;

  const handleDelete = async () => {
    const ok = await confirm({
      title: 'Delete user',
      message: `Are you sure you want to delete ${name}? They will be signed out and can no longer sign in.`,
      confirmLabel: 'Delete',
      danger: true,
    });
    if (!ok) return;
    await remove.mutateAsync(user.id).then(async (r) => {
      toast.success(r.message);
      await navigate('/users');
    }, toastError);
  };

  return (
    <Paper withBorder p="lg">
      <Stack gap="sm">
        <Title order={3} size="h4">
          Delete user
        </Title>
        <Text size="sm" c="dimmed">
          Their history stays in the audit trail.
        </Text>
        <Group>
          <Button color="red" variant="light" onClick={() => void handleDelete()} loading={remove.isPending}>
            Delete user
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
