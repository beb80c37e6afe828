import type { MediaItem } from '@almoner/contracts';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { useState } from 'react';
import { ImageLibrary } from './image-library.tsx';

export type ImageChoice = { kind: 'image'; image: MediaItem } | { kind: 'gallery'; images: MediaItem[] };

type Props = {
  opened: boolean;
  onClose: () => void;
  onInsert: (choice: ImageChoice) => void;
  /** Picking one image only (a setting's image): no gallery button. */
  single?: boolean;
};

/**
 * The images library as a picker (spec part 2 "Images library modal"): the library itself
 * (image-library.tsx) with a checkbox per image, then Insert Image / Create a New Gallery —
 * choosing more than one image makes a gallery.
 */
export function ImageLibraryModal({ opened, onClose, onInsert, single = false }: Props) {
  const [selected, setSelected] = useState<MediaItem[]>([]);
  const toggle = (item: MediaItem) =>
    setSelected((list) => (list.some((i) => i.id === item.id) ? list.filter((i) => i.id !== item.id) : [...list, item]));

  const finish = (choice: ImageChoice) => {
    onInsert(choice);
    setSelected([]);
    onClose();
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Images" size="xl">
      <Stack>
        <ImageLibrary active={opened} selected={selected} onToggle={toggle} onDeleted={(item) => setSelected((list) => list.filter((i) => i.id !== item.id))} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={selected.length !== 1} onClick={() => finish({ kind: 'image', image: selected[0] as MediaItem })}>
            Insert Image
          </Button>
          {!single && (
            <Button disabled={selected.length < 2} onClick={() => finish({ kind: 'gallery', images: selected })}>
              Create a New Gallery
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
