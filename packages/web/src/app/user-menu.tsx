import type { CurrentUser } from '@almoner/contracts';
import { Menu } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '../lib/api.ts';
import { AccountButton } from './account-button.tsx';

export function UserMenu({ user, defaultOpened }: { user: CurrentUser; defaultOpened?: boolean }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const handleLogout = async () => {
    await api('/jpanel/logout', { method: 'POST' });
    queryClient.clear();
    await navigate('/login');
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
