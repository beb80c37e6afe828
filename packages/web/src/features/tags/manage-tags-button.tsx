import { Button } from '@mantine/core';
import { IconTags } from '@tabler/icons-react';
import { useState } from 'react';
import { useCan } from '../../app/session.ts';
import { TagsModal } from './tags-modal.tsx';

/** Opens the tags manager, for those who may change tags. */
export function ManageTagsButton() {
  const [opened, setOpened] = useState(false);
  if (!useCan()('member.edit')) return null;
  return (
    <>
      <Button variant="default" leftSection={<IconTags size={16} />} onClick={() => setOpened(true)}>
        Tags
      </Button>
      <TagsModal opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}
