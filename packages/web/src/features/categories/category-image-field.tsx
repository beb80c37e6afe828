import { displayFilename, type CatalogueImage } from '@almoner/contracts';
import { Button, FileButton, Group, Image, Input, Stack, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import { toast } from '../../components/toast.ts';
import { uploadCatalogueImage } from '../products/catalogue-upload.ts';

type Props = { value: CatalogueImage | null; onChange: (image: CatalogueImage | null) => void; error?: string | undefined };

/** The category's image: upload (into the catalogue's images), replace or remove; saved with the form. */
export function CategoryImageField({ value, onChange, error }: Props) {
  const [uploading, setUploading] = useState(false);
  const handleFile = async (file: File | null) => {
    if (!file) return;
    setUploading(true);
    try {
      onChange(await uploadCatalogueImage(file, '/jpanel/product_categories/cdn'));
    } catch (e) {
      // Spec part 2 §8: an upload that fails says so.
      toast.error(e instanceof Error && e.message ? `Upload failed. ${e.message}` : 'Upload failed.');
    } finally {
      setUploading(false);
    }
  };
  return (
    <Input.Wrapper label="Image" error={error}>
      <Group gap="md" mt={4} wrap="nowrap">
        {value?.thumbnail_url ? (
          <Image src={value.thumbnail_url} alt={displayFilename(value.filename)} w={72} h={72} fit="cover" radius="sm" />
        ) : (
          <IconPhoto size={72} stroke={1} aria-hidden />
        )}
        <Stack gap={4}>
          <Text size="sm">{value ? displayFilename(value.filename) : 'No image.'}</Text>
          <Group gap="xs">
            <FileButton onChange={(file) => void handleFile(file)} accept="image/*">
              {(props) => (
                <Button {...props} variant="default" size="xs" loading={uploading}>
                  {value ? 'Replace image' : 'Upload image'}
                </Button>
              )}
            </FileButton>
            {value && (
              <Button variant="subtle" color="red" size="xs" onClick={() => onChange(null)}>
                Remove image
              </Button>
            )}
          </Group>
        </Stack>
      </Group>
    </Input.Wrapper>
  );
}
