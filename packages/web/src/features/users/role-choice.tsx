import { holdsAllOf, type PermissionHolder } from '@almoner/contracts';
import { Anchor, Checkbox, Group, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router';
import { useRoles } from './roles-api.ts';

type Props = {
  actor: PermissionHolder;
  value: number[];
  onChange: (value: number[]) => void;
  error?: string | undefined;
};

/**
 * The roles a user holds, as checkboxes. A role granting what the actor does not hold cannot be
 * given by them (the server refuses it too), so it is shown but not offered.
 */
export function RoleChoice({ actor, value, onChange, error }: Props) {
  const roles = useRoles();
  const list = roles.data?.data ?? [];
  const titleId = useId();
  // The group is named by its title. Not aria-label on Checkbox.Group: Mantine puts that on its
  // wrapper, a div with no role, which axe refuses once no role is listed to give it content.
  return (
    <Stack gap="xs" role="group" aria-labelledby={titleId}>
      <Group justify="space-between">
        <Text fw={600} size="sm" id={titleId}>
          Roles
        </Text>
        <Anchor component={Link} to="/users/roles" size="sm">
          Manage roles
        </Anchor>
      </Group>
      {roles.isSuccess && list.length === 0 && (
        <Text size="sm" c="dimmed">
          No roles yet. A role gives a set of permissions to many users at once.
        </Text>
      )}
      <Checkbox.Group
        value={value.map(String)}
        onChange={(ids) => onChange(ids.map(Number))}
        error={error}
      >
        <Group gap="lg">
          {list.map((role) => {
            const grantable = holdsAllOf(actor, { is_account_admin: false, permissions: role.permissions });
            return (
              <Checkbox
                key={role.id}
                value={String(role.id)}
                label={role.name}
                disabled={!grantable && !value.includes(role.id)}
                description={grantable ? undefined : 'Grants permissions you do not have'}
              />
            );
          })}
        </Group>
      </Checkbox.Group>
    </Stack>
  );
}

/** Every permission the chosen roles grant, from the roles list the form already loaded. */
export function useRolePermissions(roleIds: number[]): string[] {
  const roles = useRoles();
  const chosen = (roles.data?.data ?? []).filter((role) => roleIds.includes(role.id));
  return [...new Set(chosen.flatMap((role) => role.permissions))];
}
