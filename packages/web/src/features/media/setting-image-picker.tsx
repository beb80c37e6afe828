import { Button, Group, Image, Input, Stack } from '@mantine/core';
import { useState } from 'react';
import { useCan } from '../../app/session.ts';
import { PickOneImageModal } from './pick-one-image-modal.tsx';

type Props = {
  id: string;
  labelledBy: string;
  describedBy: string;
  /** A library file's lasting address (/media/{id}/{name}), an https:// address, or ''. */
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
};

/**
 * A setting that holds one image: its preview, Choose (the images library) and Remove. The
 * chosen file is kept by its lasting address, so the setting never holds a link that expires.
 */
export function SettingImagePicker({ id, labelledBy, describedBy, value, onChange, error }: Props) {
  const can = useCan();
  const [open, setOpen] = useState(false);
  const name = value ? decodeURIComponent(value.split('/').pop() ?? value) : '';
  const errorId = `${id}-error`;
  return (
    <Stack gap={6}>
      {value && <Image src={value} alt={`Chosen image ${name}`} h={72} w={120} fit="cover" radius="sm" />}
      <Group gap="xs">
        {can('file.view') && (
          <Button
            id={id}
            size="xs"
            variant="default"
            aria-labelledby={`${labelledBy} ${id}`}
            aria-describedby={error ? `${describedBy} ${errorId}` : describedBy}
            onClick={() => setOpen(true)}
          >
            {value ? 'Change image' : 'Choose image'}
          </Button>
        )}
        {value && (
          <Button size="xs" variant="subtle" color="red" aria-label={`Remove ${name}`} onClick={() => onChange('')}>
            Remove
          </Button>
        )}
      </Group>
      {error && <Input.Error id={errorId}>{error}</Input.Error>}
      <PickOneImageModal opened={open} onClose={() => setOpen(false)} onPick={onChange} />
    </Stack>
  );
}
