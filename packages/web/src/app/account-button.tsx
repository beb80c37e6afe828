import type { CurrentUser } from '@almoner/contracts';
import { Avatar, UnstyledButton, type UnstyledButtonProps } from '@mantine/core';
import type { ComponentPropsWithRef } from 'react';

type Props = UnstyledButtonProps & ComponentPropsWithRef<'button'> & { user: CurrentUser };

/**
 * The header's account button. The same element serves as the menu's target and, until the menu
 * code has loaded, as its stand-in, so the header looks the same either way. The initials are
 * decoration: the button is named by its purpose and the person.
 */
export function AccountButton({ user, ...props }: Props) {
  const name = `${user.first_name} ${user.last_name}`;
  return (
    <UnstyledButton aria-label={`Account menu for ${name}`} aria-haspopup="menu" {...props}>
      <Avatar color="teal" radius="xl" aria-hidden>
        {user.first_name[0]}
        {user.last_name[0]}
      </Avatar>
    </UnstyledButton>
  );
}
