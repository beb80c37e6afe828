import { Group, Progress, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { toast } from '../../components/toast.ts';
import { uploadToLibrary } from './api.ts';

type Props<T> = {
  prefix: string;
  collection: string;
  accept: readonly string[];
  maxBytes: number;
  label: string;
  onUploaded: (item: T) => void;
};

/**
 * Drag-and-drop (or click) upload into a library, one progress bar per file. Shown only to
 * staff with file.add; the server checks the same permission.
 */
export function LibraryDropzone<T>({ prefix, collection, accept, maxBytes, label, onUploaded }: Props<T>) {
  const [progress, setProgress] = useState<Record<string, number>>({});

  const upload = async (file: File) => {
    const key = `${file.name}-${file.size}-${Date.now()}`;
    setProgress((p) => ({ ...p, [key]: 0 }));
    try {
      onUploaded(await uploadToLibrary<T>(file, prefix, collection, (percent) => setProgress((p) => ({ ...p, [key]: percent }))));
    } catch (error) {
      toast.error(`HTTP Error: ${error instanceof Error ? error.message : 'Error. Try again.'}`);
    } finally {
      setProgress(({ [key]: _done, ...rest }) => rest);
    }
  };

  return (
    <Stack gap="xs">
      <Dropzone
        onDrop={(files) => void Promise.all(files.map(upload))}
        onReject={() => toast.error('HTTP Error: This type of file cannot be uploaded here.')}
        accept={[...accept]}
        maxSize={maxBytes}
        aria-label={label}
        inputProps={{ 'aria-label': label }}
        data-testid={`dropzone-${collection}`}
      >
        <Group justify="center" gap="sm" mih={70} style={{ pointerEvents: 'none' }}>
          <IconUpload size={28} aria-hidden />
          <Text size="sm">{label}: drag files here or click to choose</Text>
        </Group>
      </Dropzone>
      {Object.entries(progress).map(([key, value]) => (
        <Progress key={key} value={Math.max(value, 10)} aria-label={`Uploading ${key.split('-')[0]}`} animated />
      ))}
    </Stack>
  );
}
