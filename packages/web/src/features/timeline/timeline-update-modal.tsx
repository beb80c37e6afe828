import {
  TIMELINE_ATTACHMENTS_MAX,
  TIMELINE_CAPTION_MAX,
  TIMELINE_DEFAULT_TAG,
  TIMELINE_HEADLINE_MAX,
  TIMELINE_MESSAGE_MAX,
  TIMELINE_TAGS,
  type TimelineMedia,
  type TimelinePost,
  type TimelineTag,
  timelinePostInputSchema,
  timelineTagLabel,
} from '@almoner/contracts';
import {
  ActionIcon,
  Button,
  Checkbox,
  FileButton,
  Group,
  Image,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { IconPhotoPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { WithOrgToday } from '../../app/with-org-today.tsx';
import { toast } from '../../components/toast.ts';
import { ApiError } from '../../lib/api.ts';
import { uploadPhoto, useSavePost } from './api.ts';
import { ModalActions } from '../../components/modal-actions.tsx';

type Values = {
  headline: string;
  posted_on: string;
  tag: string;
  message: string;
  is_private: boolean;
  notify_sponsors: boolean;
  media: (TimelineMedia & { caption: string })[];
};

const toValues = (post: TimelinePost | null, today: string): Values => ({
  headline: post?.headline ?? '',
  posted_on: post?.posted_on ?? today,
  tag: post?.tag ?? TIMELINE_DEFAULT_TAG,
  message: post?.message ?? '',
  is_private: post?.is_private ?? false,
  notify_sponsors: false,
  media: (post?.media ?? []).map((m) => ({ ...m, caption: m.caption ?? '' })),
});

/** Stored names carry a 16-hex prefix that keeps them unique; people know the name they chose. */
const shownName = (filename: string) => filename.replace(/^[0-9a-f]{16}-/, '');

const tagOptions = TIMELINE_TAGS.map((t) => ({ value: t, label: timelineTagLabel(t) }));

type Props = {
  opened: boolean;
  /** null: a new update. */
  post: TimelinePost | null;
  parent: { type: string; id: number };
  /** The timeline-updated e-mail is enabled. */
  canNotify: boolean;
  onClose: () => void;
};

/** The Add an Update modal (spec part 2 §3 "Timeline update", §5, §9). */
export function TimelineUpdateModal({ opened, post, parent, canNotify, onClose }: Props) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={post ? 'Edit Update' : 'Add an Update'}
      size="lg"
    >
      {opened && (
        <WithOrgToday>
          {(today) => (
            <UpdateForm
              key={post?.id ?? 'new'}
              post={post}
              today={today}
              parent={parent}
              canNotify={canNotify}
              onClose={onClose}
            />
          )}
        </WithOrgToday>
      )}
    </Modal>
  );
}

function UpdateForm({ post, today, parent, canNotify, onClose }: Omit<Props, 'opened'> & { today: string }) {
  const save = useSavePost(post?.id ?? null);
  const [uploading, setUploading] = useState(false);
  const body = (v: Values) => ({
    ...v,
    tag: v.tag as TimelineTag,
    notify_sponsors: canNotify && !v.is_private && v.notify_sponsors,
    media: v.media.map((m) => ({ id: m.id, caption: m.caption })),
  });
  const form = useForm<Values>({
    initialValues: toValues(post, today),
    validate: (values) => {
      const parsed = timelinePostInputSchema.safeParse(body(values));
      if (parsed.success) return {};
      return Object.fromEntries(
        parsed.error.issues.map((issue) => [String(issue.path[0] ?? '_'), issue.message]).reverse(),
      );
    },
  });

  const handleSubmit = form.onSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(
        post
          ? body(values)
          : { ...body(values), parent_type: parent.type as 'sponsorship', parent_id: parent.id },
      );
      toast.success(saved.message);
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.status === 422 && error.errors) {
        form.setErrors(
          Object.fromEntries(
            Object.entries(error.errors).map(([k, v]) => [k.split('.')[0] ?? k, v[0]]),
          ),
        );
        return;
      }
      toast.error(error instanceof Error ? error.message : String(error));
    }
  });

  const notifyOffered = canNotify && !form.values.is_private;

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Headline"
          required
          maxLength={TIMELINE_HEADLINE_MAX}
          data-autofocus
          {...form.getInputProps('headline')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput type="date" label="Posted on" required {...form.getInputProps('posted_on')} />
          <Select
            label="Tag"
            required
            data={tagOptions}
            allowDeselect={false}
            {...form.getInputProps('tag')}
          />
        </SimpleGrid>
        <Textarea
          label="Message"
          required
          autosize
          minRows={4}
          maxRows={12}
          maxLength={TIMELINE_MESSAGE_MAX}
          {...form.getInputProps('message')}
        />
        <PhotoFields form={form} uploading={uploading} setUploading={setUploading} />
        <Checkbox
          label="Private (staff only; sponsors never see it)"
          {...form.getInputProps('is_private', { type: 'checkbox' })}
        />
        {notifyOffered && (
          <Checkbox
            label="Notify sponsors by e-mail"
            {...form.getInputProps('notify_sponsors', { type: 'checkbox' })}
          />
        )}
        <ModalActions submitLabel={post ? 'Save' : 'Post update'} loading={save.isPending} disabled={uploading} onCancel={onClose} />
      </Stack>
    </form>
  );
}

type PhotoFieldsProps = {
  form: UseFormReturnType<Values>;
  uploading: boolean;
  /** The form waits for an upload in progress before it can be saved. */
  setUploading: (uploading: boolean) => void;
};

/** The update's photos: uploaded as they are chosen, each with its caption, removable. */
function PhotoFields({ form, uploading, setUploading }: PhotoFieldsProps) {
  const handleFiles = async (files: File[]) => {
    setUploading(true);
    try {
      for (const file of files.slice(0, TIMELINE_ATTACHMENTS_MAX - form.values.media.length)) {
        const photo = await uploadPhoto(file);
        form.insertListItem('media', { ...photo, caption: '' });
      }
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Error. Try again.');
    } finally {
      setUploading(false);
    }
  };

  return (
  <Stack gap="xs">
    <Group justify="space-between">
      <Text size="sm" fw={500}>
        Photos
      </Text>
      <FileButton onChange={(files) => void handleFiles(files)} accept="image/*" multiple>
        {(props) => (
          <Button
            {...props}
            variant="default"
            size="xs"
            leftSection={<IconPhotoPlus size={14} />}
            loading={uploading}
            disabled={form.values.media.length >= TIMELINE_ATTACHMENTS_MAX}
          >
            Add photos
          </Button>
        )}
      </FileButton>
    </Group>
    {form.values.media.length === 0 && (
      <Text size="sm" c="dimmed">
        No photos attached.
      </Text>
    )}
    {form.values.media.map((m, index) => (
      <Group key={m.id} gap="sm" wrap="nowrap" align="center">
        <Image src={m.thumbnail_url} alt="" w={64} h={64} radius="sm" fit="cover" />
        <TextInput
          label={`Caption for ${shownName(m.filename)}`}
          maxLength={TIMELINE_CAPTION_MAX}
          style={{ flex: 1 }}
          {...form.getInputProps(`media.${index}.caption`)}
        />
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={`Remove ${shownName(m.filename)}`}
          onClick={() => form.removeListItem('media', index)}
        >
          <IconTrash size={16} />
        </ActionIcon>
      </Group>
    ))}
  </Stack>
  );
}
