import { displayFilename, VARIANT_IMAGES_MAX, type CatalogueImage } from '@almoner/contracts';
import { ActionIcon, Button, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPhoto, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { toast } from '../../components/toast.ts';
import { uploadCatalogueImage } from './catalogue-upload.ts';
import type { VariantForm } from './variant-form.ts';

/** Spec part 2 §8: an upload that fails says so on images. */
const UPLOAD_FAILED = 'Upload failed.';

/**
 * The variant modal's Images tab: upload images (saved with the product), put them in order,
 * remove them. The first image is the variant's thumbnail in pickers.
 */
export function ImagesTab({ form }: { form: VariantForm }) {
  const images = form.values.images;
  const [uploading, setUploading] = useState(false);
  const set = (list: CatalogueImage[]) => form.setFieldValue('images', list);
  const move = (index: number, by: -1 | 1) => {
    const list = [...images];
    const [item] = list.splice(index, 1);
    list.splice(index + by, 0, item as CatalogueImage);
    set(list);
  };
  const handleFiles = async (files: File[]) => {
    if (!files.length) return;
    setUploading(true);
    const added: CatalogueImage[] = [];
    try {
      for (const file of files.slice(0, VARIANT_IMAGES_MAX - images.length)) {
        added.push(await uploadCatalogueImage(file, '/jpanel/products/cdn'));
      }
    } catch (error) {
      toast.error(
        error instanceof Error && error.message
          ? `${UPLOAD_FAILED} ${error.message}`
          : UPLOAD_FAILED,
      );
    } finally {
      set([...images, ...added]);
      setUploading(false);
    }
  };
  const error = Object.entries(form.errors).find(([key]) => key.startsWith('image_ids'))?.[1] as
    string | undefined;
  return (
    <Stack gap="sm">
      {images.length === 0 ? (
        <Text size="sm" c="dimmed">
          No images yet.
        </Text>
      ) : (
        <Stack
          gap="xs"
          component="ol"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label="Variant images"
        >
          {images.map((image, i) => (
            <ImageRow
              key={image.id}
              image={image}
              first={i === 0}
              last={i === images.length - 1}
              onMove={(by) => move(i, by)}
              onRemove={() => set(images.filter((x) => x.id !== image.id))}
            />
          ))}
        </Stack>
      )}
      <Group gap="sm">
        <FileButton
          onChange={(files) => void handleFiles(files)}
          accept="image/*"
          multiple
          disabled={images.length >= VARIANT_IMAGES_MAX}
        >
          {(props) => (
            <Button {...props} variant="default" size="xs" loading={uploading}>
              Upload images
            </Button>
          )}
        </FileButton>
        <Text size="xs" c={error ? 'red' : 'dimmed'}>
          {error ?? `Up to ${VARIANT_IMAGES_MAX} images, 10 MB each. Saved with the product.`}
        </Text>
      </Group>
    </Stack>
  );
}

type ImageRowProps = {
  image: CatalogueImage;
  first: boolean;
  last: boolean;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
};

/** One image: its thumbnail and name, moved up or down or removed. */
function ImageRow({ image, first, last, onMove, onRemove }: ImageRowProps) {
  const name = displayFilename(image.filename);
  return (
    <Group component="li" gap="sm" wrap="nowrap" data-testid="variant-image">
      {image.thumbnail_url ? (
        <Image src={image.thumbnail_url} alt={name} w={56} h={56} fit="cover" radius="sm" />
      ) : (
        <IconPhoto size={56} aria-hidden />
      )}
      <Text size="sm" style={{ flex: 1, overflowWrap: 'anywhere' }}>
        {name}
        {first && (
          <Text span size="xs" c="dimmed">
            {' '}
            (thumbnail)
          </Text>
        )}
      </Text>
      <ActionIcon variant="subtle" aria-label={`Move ${name} up`} disabled={first} onClick={() => onMove(-1)}>
        <IconArrowUp size={16} />
      </ActionIcon>
      <ActionIcon variant="subtle" aria-label={`Move ${name} down`} disabled={last} onClick={() => onMove(1)}>
        <IconArrowDown size={16} />
      </ActionIcon>
      <ActionIcon variant="subtle" color="red" aria-label={`Remove ${name}`} onClick={onRemove}>
        <IconTrash size={16} />
      </ActionIcon>
    </Group>
  );
}
