import { feedMessages, postFieldLabels, postFieldsByType, postInputSchema, type Feed, type Post, type PostField, type PostInput } from '@almoner/contracts';
import { Anchor, Breadcrumbs, Button, Checkbox, Group, Paper, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { ImageUrlInput } from '../media/image-url-input.tsx';
import { useForm } from '@mantine/form';
import { IconTrash } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useCan } from '../../app/session.ts';
import { confirm } from '../../components/dialogs.tsx';
import { loadingOrFailed, useRecordParam } from '../../components/form-page/index.ts';
import { toast } from '../../components/toast.ts';
import { LEAVE_WITHOUT_ASKING, useUnsavedChanges } from '../../components/use-unsaved-changes.ts';
import { ApiError } from '../../lib/api.ts';
import { useDeletePost, useFeed, usePost, useSavePost } from './api.ts';

type Values = Record<'name' | 'url_slug' | 'body' | 'tags' | 'posted_at' | 'expires_at' | 'featured_image_url' | PostField, string> & { is_enabled: boolean };

/** datetime-local shows local time; the API takes ISO with an offset. */
const toLocal = (iso: string | null | undefined) => {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const fromLocal = (v: string) => (v ? new Date(v).toISOString() : null);
const DATE_FIELDS = new Set(['posted_at', 'expires_at', 'ends_at']);

const toValues = (p: Post | undefined): Values => {
  const field = (f: PostField) => (DATE_FIELDS.has(f) ? toLocal(p?.fields[f] as string | null) : String(p?.fields[f] ?? ''));
  return {
    name: p?.name ?? '', url_slug: p?.url_slug ?? '', body: p?.body ?? '', tags: p?.tags ?? '', posted_at: toLocal(p?.posted_at), expires_at: toLocal(p?.expires_at), featured_image_url: p?.featured_image_url ?? '', is_enabled: p?.is_enabled ?? true,
    author: field('author'), embed_code: field('embed_code'), media_url: field('media_url'), length_minutes: field('length_minutes'), location: field('location'), ends_at: field('ends_at'), url: field('url'), button_label: field('button_label'), coupon_code: field('coupon_code'), fine_print: field('fine_print'),
  };
};
const toInput = (feedId: number, v: Values): PostInput => ({ ...v, feed_id: feedId, posted_at: fromLocal(v.posted_at), expires_at: fromLocal(v.expires_at), ends_at: fromLocal(v.ends_at) });

/** /feeds/:feedId/posts/new and /feeds/:feedId/posts/:id: the fields depend on the feed's post type. */
export function PostFormPage() {
  const { id: feedId } = useRecordParam('feedId');
  const { id, isNew, key } = useRecordParam();
  const feed = useFeed(feedId);
  const post = usePost(isNew ? null : id);
  const gate = loadingOrFailed(isNew ? [feed] : [feed, post]);
  if (gate || !feed.data) return gate;
  return <PostForm key={key} feed={feed.data} post={post.data} />;
}

function PostForm({ feed, post }: { feed: Feed; post: Post | undefined }) {
  const navigate = useNavigate();
  const can = useCan();
  const canEdit = can(post ? 'post.edit' : 'post.add');
  const save = useSavePost(post?.id ?? null);
  const remove = useDeletePost();
  const form = useForm<Values>({
    initialValues: toValues(post),
    validate: (values) => {
      const parsed = postInputSchema.safeParse(toInput(feed.id, values));
      return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]).reverse());
    },
  });
  useUnsavedChanges(form.isDirty());
  const title = post?.name ?? 'Add post';
  const handleSubmit = form.onSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(toInput(feed.id, values));
      toast.success('Saved');
      form.resetDirty(toValues(saved));
      form.setValues(toValues(saved));
      if (!post) void navigate(`/feeds/${feed.id}/posts/${saved.id}`, { replace: true, state: LEAVE_WITHOUT_ASKING });
    } catch (error) {
      if (error instanceof ApiError && error.status === 422 && error.errors) form.setErrors(Object.fromEntries(Object.entries(error.errors).map(([k, v]) => [k, v[0]])));
      else toast.error(error instanceof Error ? error.message : String(error));
    }
  });
  const handleDelete = async () => {
    if (!post || !(await confirm({ title: 'Delete post', message: `Delete the post ${post.name}?`, confirmLabel: 'Delete', danger: true }))) return;
    try {
      await remove.mutateAsync(post.id);
      void navigate(`/feeds/${feed.id}`, { state: LEAVE_WITHOUT_ASKING });
    } catch {
      toast.error(feedMessages.deleteFailed);
    }
  };
  const input = (f: PostField) => {
    const props = { key: f, label: postFieldLabels[f], disabled: !canEdit, ...form.getInputProps(f) };
    if (f === 'embed_code' || f === 'fine_print') return <Textarea autosize minRows={3} {...props} key={f} />;
    if (f === 'ends_at') return <TextInput type="datetime-local" {...props} key={f} />;
    return <TextInput {...props} key={f} inputMode={f === 'length_minutes' ? 'numeric' : undefined} />;
  };
  return (
    <Stack gap="lg" maw={1000}>
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Breadcrumbs>
            <Anchor component={Link} to="/feeds" size="sm">Feeds</Anchor>
            <Anchor component={Link} to={`/feeds/${feed.id}`} size="sm">{feed.name}</Anchor>
            <Text size="sm">{title}</Text>
          </Breadcrumbs>
          <Title order={2}>{title}</Title>
        </Stack>
        {post && can('post.edit') && <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={() => void handleDelete()}>Delete post</Button>}
      </Group>
      <form onSubmit={handleSubmit} noValidate>
        <Paper withBorder p="lg">
          <Stack>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="Name" required maxLength={255} disabled={!canEdit} {...form.getInputProps('name')} />
              <TextInput label="URL slug" maxLength={255} disabled={!canEdit} {...form.getInputProps('url_slug')} />
              <TextInput label={feed.post_type === 'event' ? 'Starts at' : 'Posted at'} type="datetime-local" disabled={!canEdit} {...form.getInputProps('posted_at')} />
              <TextInput label="Expires at" type="datetime-local" disabled={!canEdit} {...form.getInputProps('expires_at')} />
              <ImageUrlInput label="Featured image URL" disabled={!canEdit} {...form.getInputProps('featured_image_url')} />
              <TextInput label="Tags" maxLength={500} disabled={!canEdit} {...form.getInputProps('tags')} />
              {postFieldsByType[feed.post_type].map(input)}
            </SimpleGrid>
            <Textarea label="Body" autosize minRows={5} disabled={!canEdit} {...form.getInputProps('body')} />
            <Checkbox label="Enabled" disabled={!canEdit} {...form.getInputProps('is_enabled', { type: 'checkbox' })} />
            {canEdit && (
              <Group justify="flex-end">
                <Button type="submit" loading={save.isPending}>{post ? 'Save' : 'Create post'}</Button>
              </Group>
            )}
          </Stack>
        </Paper>
      </form>
    </Stack>
  );
}
