import { Button } from '@mantine/core';
import { IconPhotoUp } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useCan } from '../../app/session.ts';

/** The way to the sponsee photo import, shown only to users the server lets import (sponsorship.edit). */
export function ImportPhotosLink() {
  const can = useCan();
  if (!can('sponsorship.edit')) return null;
  return (
    <Button component={Link} to="/import/sponsee-photos" variant="light" leftSection={<IconPhotoUp size={16} />}>
      Import sponsee photos
    </Button>
  );
}
