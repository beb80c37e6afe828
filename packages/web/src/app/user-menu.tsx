import type { CurrentUser } from '@almoner/contracts';
import { Avatar, Menu, UnstyledButton } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '../lib/api.ts';

export function UserMenu({ user }: { user: CurrentUser }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const handleLogout = async () => {
    await api('/jpanel/logout', { method: 'POST' });
    queryClient.clear();
    await navigate('/login');
  };

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label="Account menu">
          <Avatar color="teal" radius="xl">
            {user.first_name[0]}
            {user.last_name[0]}
          </Avatar>
        </UnstyledButton>
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
