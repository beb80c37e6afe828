import { canManageUser, hasPermission, messages, type CurrentUser } from '@almoner/contracts';
import { Alert, Anchor, Breadcrumbs, Center, Grid, Loader, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { useRecordParam } from '../../components/form-page/index.ts';
import { useEditionFlags } from '../../app/edition.ts';
import { useSession } from '../../app/session.ts';
import { DonorImportPanel } from '../crm/donor-import-panel.tsx';
import { LoadErrorAlert } from './load-error-alert.tsx';
import { ApiTokenPanel } from './api-token-panel.tsx';
import { useUser } from './api.ts';
import { RecordHistory } from '../audit/record-history.tsx';
import { UserForm } from './user-form.tsx';
import { UserSummary } from './user-summary.tsx';
import { DeleteUserPanel, UserTwoFactorPanel } from './user-security-panels.tsx';
import { LEAVE_WITHOUT_ASKING } from '../../components/use-unsaved-changes.ts';

/** A user as created from a blank form: what `user.add` alone may create. */
const NEW_USER = { is_account_admin: false, permissions: [] };

/** Why the page shows a user without controls (contracts' user-access rule decides that it does). */
const readOnlyNote = (me: CurrentUser) =>
  canManageUser(me, NEW_USER, 'edit')
    ? 'You can view this user but not change them: they have permissions you do not have.'
    : 'You can view users but not change them.';

/** /users/new and /users/:id. */
export function UserFormPage() {
  const { id, isNew, key } = useRecordParam();
  return <UserFormScreen key={key} id={id} isNew={isNew} />;
}

function UserFormScreen({ id, isNew }: { id: number; isNew: boolean }) {
  const navigate = useNavigate();
  const session = useSession();
  const flags = useEditionFlags();
  const query = useUser(isNew ? null : id);
  const user = query.data;
  const title = isNew ? 'Add user' : user ? `${user.first_name} ${user.last_name}` : 'User';

  const header = (
    <Stack gap={4}>
      <Breadcrumbs>
        <Anchor component={Link} to="/users" size="sm">
          Users
        </Anchor>
        <Text size="sm">{title}</Text>
      </Breadcrumbs>
      <Title order={2}>{title}</Title>
    </Stack>
  );

  if (!isNew && query.isPending) {
    return (
      <Center h={200}>
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  if (!isNew && !user) {
    return (
      <Stack>
        {header}
        <LoadErrorAlert error={query.error} />
      </Stack>
    );
  }

  const me = session.data?.user;
  if (!me) return null;
  if (isNew && !canManageUser(me, NEW_USER, 'create')) {
    return (
      <Stack>
        {header}
        <Alert color="red" role="alert" title="No access">
          {messages.forbidden}
        </Alert>
      </Stack>
    );
  }
  const isSelf = user?.id === me.id;
  // The rule reads the user with their roles' permissions, as the server does.
  const target = user && { ...user, permissions: [...user.permissions, ...user.role_permissions] };
  return (
    <Stack gap="lg" maw={1200}>
      {header}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: user ? 8 : 12 }}>
          {target && !canManageUser(me, target, 'edit') ? (
            <UserSummary user={user} note={readOnlyNote(me)} />
          ) : (
            <UserForm user={user} actor={me} onSaved={(saved) => isNew && void navigate(`/users/${saved.id}`, { replace: true, state: LEAVE_WITHOUT_ASKING })} />
          )}
        </Grid.Col>
        {user && (
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="lg">
              {canManageUser(me, target ?? user, 'regenerate_api_token') && <ApiTokenPanel user={user} />}
              <UserTwoFactorPanel user={user} canDisable={!isSelf && canManageUser(me, target ?? user, 'disable_two_factor')} />
              {!isSelf && canManageUser(me, target ?? user, 'delete') && <DeleteUserPanel user={user} />}
              {flags.dp && hasPermission(me, 'member.add') && <DonorImportPanel />}
              {isSelf && (
                <Alert color="gray" variant="light">
                  This is you. Manage your own two-factor from{' '}
                  <Anchor component={Link} to="/profile" c="dark.7" underline="always">
                    your profile
                  </Anchor>
                  .
                </Alert>
              )}
            </Stack>
          </Grid.Col>
        )}
      </Grid>
      {user && <RecordHistory table="users" id={user.id} description="Changes to this user, their access and their roles." />}
    </Stack>
  );
}
