import { SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { DownloadLibrary } from './download-library.tsx';
import { ImageLibrary } from './image-library.tsx';

const types = [
  { value: 'images', label: 'Images' },
  { value: 'downloads', label: 'Downloads' },
];

/**
 * The media library (issue 39: it was two buttons that opened the pickers): the library
 * itself, images or downloadable files by the type chosen (kept in the address, `?type=`), each
 * with search, drag-and-drop upload, paging, an "In use" marker and delete. The pickers other
 * screens open (image-library-modal, download-library-modal) are the same components.
 */
export function MediaLibraryPage() {
  const [params, setParams] = useSearchParams();
  const type = params.get('type') === 'downloads' ? 'downloads' : 'images';
  return (
    <Stack>
      <Title order={1}>Media library</Title>
      <Text c="dimmed" size="sm">
        {type === 'images' ? 'Pictures for pages, products, settings and galleries.' : 'Files that donors and buyers download: reports, e-books, tickets.'}
      </Text>
      <SegmentedControl aria-label="Type" w="fit-content" data={types} value={type} onChange={(value) => setParams(value === 'images' ? {} : { type: value }, { replace: true })} />
      {type === 'images' ? <ImageLibrary columns={6} /> : <DownloadLibrary />}
    </Stack>
  );
}
