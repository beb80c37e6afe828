import type { DownloadFile } from '@almoner/contracts';
import { Anchor, Button, Group, Image, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { DownloadLibraryModal } from './download-library-modal.tsx';
import { ImageLibraryModal, type ImageChoice } from './image-library-modal.tsx';

/**
 * The media library page: staff reach the images and downloads libraries from the sidebar
 * (other screens open the same modals to pick images and files). It shows what was picked.
 */
export function MediaLibraryPage() {
  const [images, setImages] = useState(false);
  const [downloads, setDownloads] = useState(false);
  const [choice, setChoice] = useState<ImageChoice | null>(null);
  const [file, setFile] = useState<DownloadFile | null>(null);
  const picked = choice ? (choice.kind === 'image' ? [choice.image] : choice.images) : [];

  return (
    <Stack>
      <Title order={1}>Media library</Title>
      <Group>
        <Button onClick={() => setImages(true)}>Open images library</Button>
        <Button variant="default" onClick={() => setDownloads(true)}>
          Open downloads library
        </Button>
      </Group>
      {choice && (
        <Paper withBorder p="md" aria-label="Chosen images">
          <Text fw={600} mb="xs">
            {choice.kind === 'image' ? 'Image chosen' : `Gallery of ${picked.length} images`}
          </Text>
          <SimpleGrid cols={{ base: 2, sm: 6 }}>
            {picked.map((item) => (
              <Stack key={item.id} gap={4}>
                <Image src={item.thumbnail_url} alt={item.caption || item.filename} h={90} fit="cover" />
                <Anchor href={item.public_url} target="_blank" rel="noreferrer" size="xs" style={{ wordBreak: 'break-all' }}>
                  {item.filename}
                </Anchor>
              </Stack>
            ))}
          </SimpleGrid>
        </Paper>
      )}
      {file && (
        <Paper withBorder p="md" aria-label="Chosen file">
          <Text>
            File chosen:{' '}
            <Anchor href={file.download_url} style={{ wordBreak: 'break-all' }}>
              {file.filename}
            </Anchor>
          </Text>
        </Paper>
      )}
      <ImageLibraryModal opened={images} onClose={() => setImages(false)} onInsert={setChoice} />
      <DownloadLibraryModal opened={downloads} onClose={() => setDownloads(false)} onChoose={setFile} />
    </Stack>
  );
}
