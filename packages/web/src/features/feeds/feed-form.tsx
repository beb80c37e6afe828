import { canBePodcast, FEED_POST_TYPES, feedInputSchema, feedPostTypeLabels, PODCAST_CATEGORIES, type Feed, type FeedInput } from '@almoner/contracts';
import { Button, Checkbox, Group, Paper, Select, SimpleGrid, Stack, TextInput, Textarea, Title } from '@mantine/core';
import { ImageUrlInput } from '../media/image-url-input.tsx';
import { useForm } from '@mantine/form';
import { useNavigate } from 'react-router';
import { toast } from '../../components/toast.ts';
import { LEAVE_WITHOUT_ASKING, useUnsavedChanges } from '../../components/use-unsaved-changes.ts';
import { ApiError } from '../../lib/api.ts';
import { useSaveFeed } from './api.ts';

type Values = Omit<FeedInput, 'podcast' | 'url_slug' | 'description'> & { url_slug: string; description: string; podcast: Record<'author' | 'owner_name' | 'owner_email' | 'language' | 'image_url', string> & { category: string | null; explicit: boolean } };

const toValues = (f: Feed | undefined): Values => ({
  name: f?.name ?? '', post_type: f?.post_type ?? 'blog', url_slug: f?.url_slug ?? '', description: f?.description ?? '', show_social_share_links: f?.show_social_share_links ?? true, is_podcast: f?.is_podcast ?? false,
  podcast: { author: f?.podcast.author ?? '', owner_name: f?.podcast.owner_name ?? '', owner_email: f?.podcast.owner_email ?? '', language: f?.podcast.language ?? '', image_url: f?.podcast.image_url ?? '', category: f?.podcast.category ?? null, explicit: f?.podcast.explicit ?? false },
});

function validate(values: Values): Record<string, string> {
  const parsed = feedInputSchema.safeParse(values);
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

/** Spec part 1 §2 "Post type form: podcast options" (audio and video feeds). */
export function FeedForm({ feed, canEdit }: { feed: Feed | undefined; canEdit: boolean }) {
  const navigate = useNavigate();
  const save = useSaveFeed(feed?.id ?? null);
  const form = useForm<Values>({ initialValues: toValues(feed), validate });
  useUnsavedChanges(form.isDirty());
  const handleSubmit = form.onSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values as FeedInput);
      toast.success('Saved');
      form.setValues(toValues(saved));
      form.resetDirty(toValues(saved));
      if (!feed) void navigate(`/feeds/${saved.id}`, { replace: true, state: LEAVE_WITHOUT_ASKING });
    } catch (error) {
      if (error instanceof ApiError && error.status === 422 && error.errors) form.setErrors(Object.fromEntries(Object.entries(error.errors).map(([k, v]) => [k, v[0]])));
      else toast.error(error instanceof Error ? error.message : String(error));
    }
  });
  const podcastable = canBePodcast(form.values.post_type ?? 'blog');
  return (
    <form onSubmit={handleSubmit} noValidate>
      <Paper withBorder p="lg">
        <Stack>
          <Title order={3} size="h4">Post type</Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label="Name" required maxLength={100} disabled={!canEdit} {...form.getInputProps('name')} />
            <Select label="Post type" data={FEED_POST_TYPES.map((t) => ({ value: t, label: feedPostTypeLabels[t] }))} allowDeselect={false} disabled={!canEdit || Boolean(feed)} {...form.getInputProps('post_type')} />
            <TextInput label="URL slug" maxLength={150} disabled={!canEdit} {...form.getInputProps('url_slug')} />
          </SimpleGrid>
          <Textarea label="Description" autosize minRows={2} maxLength={5000} disabled={!canEdit} {...form.getInputProps('description')} />
          <Group>
            <Checkbox label="Show social share links" disabled={!canEdit} {...form.getInputProps('show_social_share_links', { type: 'checkbox' })} />
            {podcastable && <Checkbox label="Publish as a podcast" disabled={!canEdit} {...form.getInputProps('is_podcast', { type: 'checkbox' })} />}
          </Group>
          {podcastable && form.values.is_podcast && (
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput label="Podcast author" maxLength={100} disabled={!canEdit} {...form.getInputProps('podcast.author')} />
              <TextInput label="Owner name" maxLength={100} disabled={!canEdit} {...form.getInputProps('podcast.owner_name')} />
              <TextInput label="Owner email" type="email" disabled={!canEdit} {...form.getInputProps('podcast.owner_email')} />
              <Select label="Category" clearable data={[...PODCAST_CATEGORIES]} disabled={!canEdit} {...form.getInputProps('podcast.category')} />
              <TextInput label="Language" placeholder="en" maxLength={10} disabled={!canEdit} {...form.getInputProps('podcast.language')} />
              <ImageUrlInput label="Cover image URL" disabled={!canEdit} {...form.getInputProps('podcast.image_url')} />
              <Checkbox label="Explicit content" disabled={!canEdit} {...form.getInputProps('podcast.explicit', { type: 'checkbox' })} />
            </SimpleGrid>
          )}
          {canEdit && (
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending}>{feed ? 'Save' : 'Create feed'}</Button>
            </Group>
          )}
        </Stack>
      </Paper>
    </form>
  );
}
