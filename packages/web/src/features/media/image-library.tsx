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
import { ActionIcon, Anchor, Badge, Card, Checkbox, Group, Image, Loader, Pagination, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useCan } from '../../app/session.ts';
import { confirm } from '../../components/dialogs.tsx';
import { toast } from '../../components/toast.ts';
import { deleteImage, listImages, saveCaption } from './api.ts';
import { LibraryDropzone } from './library-dropzone.tsx';

type Props = {
  /** Fetch only while shown (a closed modal asks for nothing). */
  active?: boolean;
  /** Picking images (the modal): each card gets a checkbox; without it the name links to the file. */
  selected?: MediaItem[];
  onToggle?: (item: MediaItem) => void;
  /** Told when an image is deleted, so a selection can drop it. */
  onDeleted?: (item: MediaItem) => void;
  /** Cards per row from the small breakpoint up. */
  columns?: number;
};

/**
 * The images library itself (spec part 2 "Images library modal"): search (debounced 250 ms),
 * pages of 42, thumbnails with size and an "In use" marker, an upload dropzone with file.add,
 * captions and delete with file.edit (delete only while not in use). The Media library page
 * shows it as it is; the picker modal adds the checkboxes and its Insert buttons.
 */
export function ImageLibrary({ active = true, selected, onToggle, onDeleted, columns = 4 }: Props) {
  const can = useCan();
  const client = useQueryClient();
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), IMAGE_SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const listing = useQuery({ queryKey: ['images', query, page], queryFn: () => listImages(query, page), enabled: active });
  const refresh = () => void client.invalidateQueries({ queryKey: ['images'] });

  const remove = async (item: MediaItem) => {
    if (!(await confirm({ title: 'Delete image', message: mediaMessages.deleteImage, confirmLabel: 'Delete', danger: true }))) return;
    try {
      await deleteImage(item.id);
      onDeleted?.(item);
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

  const data = listing.data;
  return (
    <Stack>
      <TextInput
        label="Search images"
        placeholder="File name"
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(1);
        }}
        maw={420}
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
        <Text c="dimmed">{query ? 'No images match.' : 'No images yet.'}</Text>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: columns }}>
          {data?.data.map((item) => (
            <Card key={item.id} withBorder padding="xs" data-testid="library-image">
              <Card.Section>
                <Image src={item.thumbnail_url} alt={item.caption || item.filename} h={110} fit="cover" />
              </Card.Section>
              <Group justify="space-between" wrap="nowrap" mt="xs" gap={4}>
                {onToggle ? (
                  <Checkbox
                    checked={selected?.some((i) => i.id === item.id) ?? false}
                    onChange={() => onToggle(item)}
                    label={item.filename}
                    size="xs"
                    styles={{ label: { wordBreak: 'break-all' } }}
                  />
                ) : (
                  <Anchor href={item.public_url} target="_blank" rel="noreferrer" size="xs" style={{ wordBreak: 'break-all' }}>
                    {item.filename}
                  </Anchor>
                )}
                {can('file.edit') && !item.in_use && (
                  <ActionIcon variant="subtle" color="red" aria-label={`Delete ${item.filename}`} onClick={() => void remove(item)}>
                    <IconTrash size={16} />
                  </ActionIcon>
                )}
              </Group>
              <Group gap={6}>
                <Text size="xs" c="dimmed">
                  {formatFileSize(item.size)}
                </Text>
                {item.in_use && <InUse />}
              </Group>
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
          ))}
        </SimpleGrid>
      )}
      {data && data.pages > 1 && <Pagination total={data.pages} value={data.current_page} onChange={setPage} aria-label="Image pages" />}
    </Stack>
  );
}

/** A file a product, page, setting or sponsee uses: it cannot be deleted until freed. */
export function InUse() {
  return (
    <Badge size="xs" variant="light" color="blue" title="Used by a product, page, setting or sponsee: it cannot be deleted.">
      In use
    </Badge>
  );
}
