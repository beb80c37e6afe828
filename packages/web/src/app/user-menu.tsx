import type { CurrentUser } from '@almoner/contracts';
import { Menu } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '../lib/api.ts';
import { LEAVE_WITHOUT_ASKING } from '../components/use-unsaved-changes.ts';
import { AccountButton } from './account-button.tsx';

export function UserMenu({ user, defaultOpened }: { user: CurrentUser; defaultOpened?: boolean }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const handleLogout = async () => {
    await api('/jpanel/logout', { method: 'POST' });
    queryClient.clear();
    // Signed out, nothing can be saved any more: leave without the unsaved-changes question.
    await navigate('/login', { state: LEAVE_WITHOUT_ASKING });
  };

  return (
    <Menu position="bottom-end" withinPortal defaultOpened={defaultOpened}>
      <Menu.Target>
        <AccountButton user={user} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          {user.first_name} {user.last_name}
        </Menu.Label>
        <Menu.Item onClick={() => void handleLogout()}>Sign out</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
