import { DOWNLOAD_COLLECTION, DOWNLOAD_MAX_BYTES, DOWNLOAD_TYPES, formatFileSize, mediaMessages, type DownloadFile } from '@almoner/contracts';
import { ActionIcon, Anchor, Button, Group, Loader, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFile, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useCan } from '../../app/session.ts';
import { confirm } from '../../components/dialogs.tsx';
import { toast } from '../../components/toast.ts';
import { deleteDownload, listDownloads } from './api.ts';
import { InUse } from './image-library.tsx';
import { LibraryDropzone } from './library-dropzone.tsx';

type Props = {
  /** Fetch only while shown (a closed modal asks for nothing). */
  active?: boolean;
  /** Picking a file (the modal): each row gets a Choose button; without it the name downloads the file. */
  onChoose?: (file: DownloadFile) => void;
};

/**
 * The downloads library itself (spec part 2 "Downloads library modal"): a row per file with
 * its size and an "In use" marker, delete (file.edit, only when not in use) and a dropzone
 * (file.add). Rows, not a table, so a phone shows each file whole. The Media library page shows
 * it as it is; the picker modal adds Choose.
 */
export function DownloadLibrary({ active = true, onChoose }: Props) {
  const can = useCan();
  const client = useQueryClient();
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), 250);
  const files = useQuery({ queryKey: ['downloads', query], queryFn: () => listDownloads(query), enabled: active });
  const refresh = () => void client.invalidateQueries({ queryKey: ['downloads'] });

  const remove = async (file: DownloadFile) => {
    if (!(await confirm({ title: 'Delete file', message: mediaMessages.deleteFile, confirmLabel: 'Delete', danger: true }))) return;
    try {
      await deleteDownload(file.id);
      refresh();
    } catch (error) {
      toast.error(error instanceof Error ? error.message : mediaMessages.uploadFailed);
    }
  };

  return (
    <Stack>
      <TextInput label="Search files" placeholder="File name" value={search} onChange={(event) => setSearch(event.currentTarget.value)} maw={420} />
      {can('file.add') && (
        <LibraryDropzone<DownloadFile>
          prefix="/jpanel/downloads/cdn"
          collection={DOWNLOAD_COLLECTION}
          accept={DOWNLOAD_TYPES}
          maxBytes={DOWNLOAD_MAX_BYTES}
          label="Upload files"
          onUploaded={refresh}
        />
      )}
      {files.isPending ? (
        <Loader aria-label="Loading files" />
      ) : files.isError ? (
        <Text c="red">{mediaMessages.uploadFailed}</Text>
      ) : files.data.length === 0 ? (
        <Text c="dimmed">{query ? 'No files match.' : 'No files yet.'}</Text>
      ) : (
        <Stack gap="xs" role="list" aria-label="Files">
          {files.data.map((file) => (
            <Paper key={file.id} withBorder p="xs" role="listitem" data-testid="library-file">
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Group gap="xs" wrap="nowrap" miw={0}>
                  <IconFile size={18} aria-hidden style={{ flexShrink: 0 }} />
                  <Stack gap={0} miw={0}>
                    {onChoose ? (
                      <Text size="sm" style={{ wordBreak: 'break-all' }}>
                        {file.filename}
                      </Text>
                    ) : (
                      <Anchor href={file.download_url} size="sm" style={{ wordBreak: 'break-all' }}>
                        {file.filename}
                      </Anchor>
                    )}
                    <Group gap={6}>
                      <Text size="xs" c="dimmed">
                        {formatFileSize(file.size)}
                      </Text>
                      {file.in_use && <InUse />}
                    </Group>
                  </Stack>
                </Group>
                <Group gap="xs" wrap="nowrap">
                  {onChoose && (
                    <Button size="xs" aria-label={`Choose ${file.filename}`} onClick={() => onChoose(file)}>
                      Choose
                    </Button>
                  )}
                  {can('file.edit') && !file.in_use && (
                    <ActionIcon variant="subtle" color="red" aria-label={`Delete ${file.filename}`} onClick={() => void remove(file)}>
                      <IconTrash size={16} />
                    </ActionIcon>
                  )}
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
