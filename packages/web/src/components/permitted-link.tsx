import { Anchor, Text, type AnchorProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useCan } from '../app/session.ts';

type Props = AnchorProps & { to: string; permission: string; children: ReactNode; 'aria-label'?: string; title?: string | undefined };

/**
 * A link to a record that only some staff may open: for the others it is the same words as
 * plain text, so nobody follows a link to a page that would only tell them "no access".
 */
export function PermittedLink({ to, permission, children, 'aria-label': label, ...props }: Props) {
  const can = useCan();
  if (!can(permission)) {
    return (
      <Text span {...props}>
        {children}
      </Text>
    );
  }
  return (
    <Anchor component={Link} to={to} aria-label={label} {...props}>
      {children}
    </Anchor>
  );
}
