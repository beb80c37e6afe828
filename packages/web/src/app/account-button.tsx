import type { CurrentUser } from '@almoner/contracts';
import { Avatar, UnstyledButton, VisuallyHidden, type UnstyledButtonProps } from '@mantine/core';
import type { ComponentPropsWithRef } from 'react';

type Props = UnstyledButtonProps & ComponentPropsWithRef<'button'> & { user: CurrentUser };

/**
 * The header's account button. The same element serves as the menu's target and, until the menu
 * code has loaded, as its stand-in, so the header looks the same either way. The initials are
 * decoration: the button's name is its (visually hidden) text, the purpose and the person, so
 * what a screen reader announces and what speech control users say agree.
 */
export function AccountButton({ user, ...props }: Props) {
  const name = `${user.first_name} ${user.last_name}`;
  return (
    <UnstyledButton aria-haspopup="menu" {...props}>
      <Avatar color="teal" radius="xl" aria-hidden>
        {user.first_name[0]}
        {user.last_name[0]}
      </Avatar>
      <VisuallyHidden>Account menu for {name}</VisuallyHidden>
    </UnstyledButton>
  );
}
