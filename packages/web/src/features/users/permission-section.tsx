import { canGrant, permissionGroups, type PermissionHolder } from '@almoner/contracts';
import { Box, Checkbox, Fieldset, Stack, Text } from '@mantine/core';
import { permissionLabel } from './permission-labels.ts';

type Props = {
  actor: PermissionHolder;
  isAccountAdmin: boolean;
  permissions: string[];
  /** Absent where there is no such choice (a role is never an account administrator). */
  onAccountAdminChange?: ((value: boolean) => void) | undefined;
  onPermissionsChange: (value: string[]) => void;
  /** Permissions the user has from their roles: shown ticked and fixed, named as the roles'. */
  fromRoles?: readonly string[] | undefined;
  error?: string | undefined;
  accountAdminError?: string | undefined;
};

/**
 * Grouped permission checkboxes, each group with a tick-all box (spec part 3 §6). Only what the
 * actor may grant is offered (contracts' user-access rule); groups with nothing left are left out.
 */
export function PermissionSection({ actor, isAccountAdmin, permissions, onAccountAdminChange, onPermissionsChange, error, accountAdminError, fromRoles = [] }: Props) {
  const granted = new Set(permissions);
  const byRole = new Set(fromRoles);
  const groups = permissionGroups
    .map((group) => ({ label: group.label, ids: group.ids.filter((id) => canGrant(actor, id)) }))
    .filter((group) => group.ids.length > 0);
  const setMany = (ids: readonly string[], on: boolean) => {
    const next = new Set(granted);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    onPermissionsChange([...next]);
  };

  return (
    <Stack gap="md">
      {actor.is_account_admin && onAccountAdminChange && (
        <Checkbox
          label="Account administrator: all permissions"
          description="Every permission, including those of areas added later."
          checked={isAccountAdmin}
          error={accountAdminError}
          onChange={(e) => onAccountAdminChange(e.currentTarget.checked)}
        />
      )}
      {!isAccountAdmin && (
        <>
          {error && (
            <Text c="red" size="sm" role="alert">
              {error}
            </Text>
          )}
          {/* Columns rather than a grid: groups differ in length, and columns pack them. */}
          <Box style={{ columnWidth: 230, columnGap: 'var(--mantine-spacing-md)' }}>
            {groups.map((group) => {
              const count = group.ids.filter((id) => granted.has(id)).length;
              return (
                <Fieldset key={group.label} variant="filled" p="sm" mb="md" aria-label={group.label} style={{ breakInside: 'avoid' }}>
                  <Checkbox
                    label={<Text fw={600} size="sm">{group.label}</Text>}
                    aria-label={`All of ${group.label}`}
                    checked={count === group.ids.length}
                    indeterminate={count > 0 && count < group.ids.length}
                    onChange={(e) => setMany(group.ids, e.currentTarget.checked)}
                    mb="xs"
                  />
                  <Stack gap={6} pl="lg">
                    {group.ids.map((id) => (
                      <Checkbox
                        key={id}
                        label={permissionLabel(id)}
                        checked={granted.has(id) || byRole.has(id)}
                        disabled={byRole.has(id) && !granted.has(id)}
                        description={byRole.has(id) && !granted.has(id) ? 'From a role' : undefined}
                        onChange={(e) => setMany([id], e.currentTarget.checked)}
                      />
                    ))}
                  </Stack>
                </Fieldset>
              );
            })}
          </Box>
        </>
      )}
    </Stack>
  );
}
