import { Button } from '@mantine/core';
import { IconUsersPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useCan } from '../../app/session.ts';

/** The supporters list's way to the duplicates, for staff who may merge (the nav entry's rule). */
export function DuplicatesLink() {
  const can = useCan();
  if (!can('member.merge')) return null;
  return (
    <Button component={Link} to="/supporters/duplicates" variant="default" leftSection={<IconUsersPlus size={16} />}>
      Find duplicates
    </Button>
  );
}
