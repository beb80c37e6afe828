import { isSponseePhotoName, SPONSEE_PHOTO_IMPORT_TYPES, SPONSEE_PHOTO_MAX_BYTES, sponseePhotoMessages, type SponseePhotoCheckRow } from '@almoner/contracts';
import { Alert, Anchor, Badge, Button, Checkbox, Group, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconPhotoUp } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { useCan } from '../../app/session.ts';
import { ApiError } from '../../lib/api.ts';
import { checkPhotos, importPhoto } from './api.ts';

type Status = 'queued' | 'uploading' | 'complete' | 'error' | 'cancelled';
type Upload = { key: string; file: File; sponsee: SponseePhotoCheckRow['sponsee']; status: Status; error: string | null; percent: number };
type Overall = 'preparing' | 'running' | 'complete';

const STATUS_LABEL: Record<Status, string> = { queued: 'Queued', uploading: 'Uploading', complete: 'Complete', error: 'Error', cancelled: 'Cancelled' };
const STATUS_COLOR: Record<Status, string> = { queued: 'gray', uploading: 'blue', complete: 'green', error: 'red', cancelled: 'gray' };
const OVERALL_LABEL: Record<Overall, string> = { preparing: 'Preparing', running: 'Running', complete: 'Complete' };
const ALREADY_HAS_PHOTO = 'Skipped: this sponsee already has a photo.';

/** The server's reason: the first field message, else its message. */
const reasonOf = (error: unknown) =>
  error instanceof ApiError ? (Object.values(error.errors ?? {})[0]?.[0] ?? error.message) : 'Error. Try again.';

/**
 * Sponsee photo import (spec part 3 §2.8, §4): drop photos named by reference number, see which
 * sponsee each matches, then import them one at a time (sign → PUT → attach).
 */
export function SponseePhotosPage() {
  const can = useCan();
  const openRef = useRef<() => void>(null);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [overall, setOverall] = useState<Overall>('preparing');
  const [skipExisting, setSkipExisting] = useState(true);
  const [checking, setChecking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const patch = (key: string, change: Partial<Upload>) => setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...change } : u)));

  const add = async (files: File[]) => {
    if (!files.length) return;
    setProblem(null);
    setChecking(true);
    try {
      const matches = await checkPhotos(files.map((f) => f.name));
      const stamp = Date.now();
      const added = files.map((file, i): Upload => {
        const sponsee = matches[i]?.sponsee ?? null;
        const error = !isSponseePhotoName(file.name) ? sponseePhotoMessages.fileType : sponsee ? null : sponseePhotoMessages.noSponsee;
        return { key: `${stamp}-${i}-${file.name}`, file, sponsee, status: error ? 'error' : 'queued', error, percent: 0 };
      });
      setUploads((list) => [...list, ...added]);
      setOverall('preparing');
    } catch (error) {
      setProblem(reasonOf(error));
    } finally {
      setChecking(false);
    }
  };

  const start = async () => {
    setOverall('running');
    // Skipped sponsees are cancelled up front; then one upload connection at a time (spec §5).
    const todo = uploads.filter((u) => u.status === 'queued' && u.sponsee && !(skipExisting && u.sponsee.has_photo));
    setUploads((list) =>
      list.map((u) => (u.status === 'queued' && skipExisting && u.sponsee?.has_photo ? { ...u, status: 'cancelled', error: ALREADY_HAS_PHOTO } : u)),
    );
    for (const upload of todo) {
      patch(upload.key, { status: 'uploading', percent: 0 });
      try {
        await importPhoto(upload.file, upload.sponsee!.id, (percent) => patch(upload.key, { percent }));
        patch(upload.key, { status: 'complete', percent: 100 });
      } catch (error) {
        patch(upload.key, { status: 'error', error: reasonOf(error) });
      }
    }
    setOverall('complete');
  };

  if (!can('sponsorship.edit')) {
    return <Alert color="red">You do not have permission to import sponsee photos.</Alert>;
  }
  const queued = uploads.filter((u) => u.status === 'queued').length;

  return (
    <Stack maw={1000}>
      <Title order={2}>Sponsee photo import</Title>
      <Text size="sm" c="dimmed">
        Name each photo after the sponsee&apos;s reference number (for example AB-123.jpg). Only gif, jpg, jpeg and png files are imported.
      </Text>
      <Dropzone
        openRef={openRef}
        onDrop={(files) => void add(files)}
        onReject={(rejected) => void add(rejected.map((r) => r.file))}
        accept={[...SPONSEE_PHOTO_IMPORT_TYPES]}
        maxSize={SPONSEE_PHOTO_MAX_BYTES}
        disabled={overall === 'running'}
        loading={checking}
        activateOnClick={false}
        inputProps={{ 'aria-label': 'Sponsee photos' }}
        data-testid="sponsee-photo-dropzone"
      >
        <Group justify="center" gap="sm" mih={90} style={{ pointerEvents: 'none' }}>
          <IconPhotoUp size={32} aria-hidden />
          <Text size="sm">Drag photos here</Text>
        </Group>
      </Dropzone>
      <Group>
        <Button variant="light" onClick={() => openRef.current?.()} disabled={overall === 'running'}>
          Choose photos
        </Button>
        <Checkbox label="Skip sponsees who already have a photo" checked={skipExisting} onChange={(e) => setSkipExisting(e.currentTarget.checked)} disabled={overall === 'running'} />
        <Button onClick={() => void start()} disabled={overall === 'running' || queued === 0}>
          Import
        </Button>
      </Group>
      {problem && <Alert color="red">{problem}</Alert>}
      <Text role="status" aria-live="polite" fw={600}>
        Status: {OVERALL_LABEL[overall]}
      </Text>
      {uploads.length > 0 && <UploadsTable uploads={uploads} />}
    </Stack>
  );
}

/** Each photo dropped: the sponsee it matched and how its upload stands. */
function UploadsTable({ uploads }: { uploads: Upload[] }) {
  return (
    <Table.ScrollContainer minWidth={700}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>File</Table.Th>
            <Table.Th>Sponsee</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {uploads.map((u) => (
            <Table.Tr key={u.key} data-testid="sponsee-photo-row">
              <Table.Td>{u.file.name}</Table.Td>
              <Table.Td>
                {u.sponsee ? (
                  <Anchor component={Link} to={`/sponsorships/${u.sponsee.id}`} size="sm">
                    {u.sponsee.full_name || 'Unnamed'} ({u.sponsee.reference_number})
                  </Anchor>
                ) : (
                  <Text size="sm" c="dimmed" span>
                    —
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Stack gap={4}>
                  <Group gap="xs">
                    <Badge color={STATUS_COLOR[u.status]} variant="light">
                      {STATUS_LABEL[u.status]}
                      {u.status === 'uploading' ? ` ${u.percent}%` : ''}
                    </Badge>
                    {u.error && (
                      <Text size="sm" c={u.status === 'error' ? 'red.9' : 'dimmed'} span>
                        {u.error}
                      </Text>
                    )}
                  </Group>
                  {u.status === 'uploading' && <Progress value={u.percent} aria-label={`Uploading ${u.file.name}`} />}
                </Stack>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
