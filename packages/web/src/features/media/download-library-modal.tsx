import { DOWNLOAD_COLLECTION, DOWNLOAD_MAX_BYTES, DOWNLOAD_TYPES, formatFileSize, mediaMessages, type DownloadFile } from '@almoner/contracts';
import { ActionIcon, Button, Group, Loader, Modal, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useCan } from '../../app/session.ts';
import { confirm } from '../../components/dialogs.tsx';
import { toast } from '../../components/toast.ts';
import { deleteDownload, listDownloads } from './api.ts';
import { LibraryDropzone } from './library-dropzone.tsx';

type Props = { opened: boolean; onClose: () => void; onChoose: (file: DownloadFile) => void };

/**
 * The downloads library (spec part 2 "Downloads library modal"): a row per file with Choose,
 * its size, and delete (file.edit, only when not in use); a dropzone with file.add.
 */
export function DownloadLibraryModal({ opened, onClose, onChoose }: Props) {
  const can = useCan();
  const client = useQueryClient();
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), 250);
  const files = useQuery({ queryKey: ['downloads', query], queryFn: () => listDownloads(query), enabled: opened });
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
    <Modal opened={opened} onClose={onClose} title="Downloads" size="lg">
      <Stack>
        <TextInput label="Search files" placeholder="File name" value={search} onChange={(event) => setSearch(event.currentTarget.value)} />
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
        ) : files.data && files.data.length === 0 ? (
          <Text c="dimmed">No files found.</Text>
        ) : (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>File</Table.Th>
                <Table.Th>Size</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {files.data?.map((file) => (
                <Table.Tr key={file.id}>
                  <Table.Td style={{ wordBreak: 'break-all' }}>{file.filename}</Table.Td>
                  <Table.Td>{formatFileSize(file.size)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Button
                        size="xs"
                        aria-label={`Choose ${file.filename}`}
                        onClick={() => {
                          onChoose(file);
                          onClose();
                        }}
                      >
                        Choose
                      </Button>
                      {can('file.edit') && !file.in_use && (
                        <ActionIcon variant="subtle" color="red" aria-label={`Delete ${file.filename}`} onClick={() => void remove(file)}>
                          <IconTrash size={16} />
                        </ActionIcon>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Modal>
  );
}
