import {
  IMAGE_SEARCH_DEBOUNCE_MS,
  MEDIA_CAPTION_MAX,
  MEDIA_COLLECTION,
  MEDIA_MAX_BYTES,
  MEDIA_TYPES,
  formatFileSize,
  mediaMessages,
  type MediaItem,
} from '@almoner/contracts';
import { ActionIcon, Button, Card, Checkbox, Group, Image, Loader, Modal, Pagination, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useCan } from '../../app/session.ts';
import { confirm } from '../../components/dialogs.tsx';
import { toast } from '../../components/toast.ts';
import { deleteImage, listImages, saveCaption } from './api.ts';
import { LibraryDropzone } from './library-dropzone.tsx';

export type ImageChoice = { kind: 'image'; image: MediaItem } | { kind: 'gallery'; images: MediaItem[] };

type Props = {
  opened: boolean;
  onClose: () => void;
  onInsert: (choice: ImageChoice) => void;
  /** Picking one image only (a setting's image): no gallery button. */
  single?: boolean;
};

/**
 * The images library (spec part 2 "Images library modal"): search (debounced 250 ms), pages,
 * thumbnails, upload dropzone with file.add, delete with file.edit (not while in use), and
 * Insert Image / Create a New Gallery — choosing more than one image makes a gallery.
 */
export function ImageLibraryModal({ opened, onClose, onInsert, single = false }: Props) {
  const can = useCan();
  const client = useQueryClient();
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), IMAGE_SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<MediaItem[]>([]);
  const listing = useQuery({ queryKey: ['images', query, page], queryFn: () => listImages(query, page), enabled: opened });
  const refresh = () => void client.invalidateQueries({ queryKey: ['images'] });

  const toggle = (item: MediaItem) =>
    setSelected((list) => (list.some((i) => i.id === item.id) ? list.filter((i) => i.id !== item.id) : [...list, item]));

  const remove = async (item: MediaItem) => {
    if (!(await confirm({ title: 'Delete image', message: mediaMessages.deleteImage, confirmLabel: 'Delete', danger: true }))) return;
    try {
      await deleteImage(item.id);
      setSelected((list) => list.filter((i) => i.id !== item.id));
      refresh();
    } catch (error) {
      toast.error(error instanceof Error ? error.message : mediaMessages.uploadFailed);
    }
  };

  const caption = async (item: MediaItem, value: string) => {
    if ((item.caption ?? '') === value.trim()) return;
    try {
      await saveCaption(item.id, value);
      toast.success(mediaMessages.captionSaved);
      refresh();
    } catch (error) {
      toast.error(error instanceof Error ? error.message : mediaMessages.uploadFailed);
    }
  };

  const finish = (choice: ImageChoice) => {
    onInsert(choice);
    setSelected([]);
    onClose();
  };

  const data = listing.data;
  return (
    <Modal opened={opened} onClose={onClose} title="Images" size="xl">
      <Stack>
        <TextInput
          label="Search images"
          placeholder="File name"
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
        />
        {can('file.add') && (
          <LibraryDropzone<MediaItem>
            prefix="/jpanel/media/cdn"
            collection={MEDIA_COLLECTION}
            accept={MEDIA_TYPES.filter((t) => t.startsWith('image/'))}
            maxBytes={MEDIA_MAX_BYTES}
            label="Upload images"
            onUploaded={refresh}
          />
        )}
        {listing.isPending ? (
          <Loader aria-label="Loading images" />
        ) : listing.isError ? (
          <Text c="red">{mediaMessages.uploadFailed}</Text>
        ) : data && data.data.length === 0 ? (
          <Text c="dimmed">No images found.</Text>
        ) : (
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            {data?.data.map((item) => {
              const checked = selected.some((i) => i.id === item.id);
              return (
                <Card key={item.id} withBorder padding="xs" data-testid="library-image">
                  <Card.Section>
                    <Image src={item.thumbnail_url} alt={item.caption || item.filename} h={110} fit="cover" />
                  </Card.Section>
                  <Group justify="space-between" wrap="nowrap" mt="xs" gap={4}>
                    <Checkbox checked={checked} onChange={() => toggle(item)} label={item.filename} size="xs" styles={{ label: { wordBreak: 'break-all' } }} />
                    {can('file.edit') && !item.in_use && (
                      <ActionIcon variant="subtle" color="red" aria-label={`Delete ${item.filename}`} onClick={() => void remove(item)}>
                        <IconTrash size={16} />
                      </ActionIcon>
                    )}
                  </Group>
                  <Text size="xs" c="dimmed">{formatFileSize(item.size)}</Text>
                  {can('file.edit') && (
                    <TextInput
                      size="xs"
                      aria-label={`Caption of ${item.filename}`}
                      placeholder="Caption"
                      maxLength={MEDIA_CAPTION_MAX}
                      defaultValue={item.caption ?? ''}
                      onBlur={(event) => void caption(item, event.currentTarget.value)}
                    />
                  )}
                </Card>
              );
            })}
          </SimpleGrid>
        )}
        {data && data.pages > 1 && <Pagination total={data.pages} value={data.current_page} onChange={setPage} aria-label="Image pages" />}
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
