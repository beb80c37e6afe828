import type {
  TimelineCreate,
  TimelineList,
  TimelineMedia,
  TimelinePost,
  TimelinePostInput,
  TimelineSaved,
  UploadSignResponse,
} from '@almoner/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../lib/api.ts';

export const timelineKeys = {
  all: ['timeline'] as const,
  list: (type: string, id: number) => [...timelineKeys.all, type, id] as const,
};

export function useTimeline(type: string, id: number | null) {
  return useQuery({
    queryKey: timelineKeys.list(type, id ?? 0),
    queryFn: () => api<TimelineList>(`/jpanel/timeline/${type}/${id}`),
    enabled: id !== null,
  });
}

/** A post changes its parent too (a sponsee's last update day), so both are refreshed. */
function useInvalidate() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: timelineKeys.all }),
      client.invalidateQueries({ queryKey: ['sponsorships'] }),
    ]);
}

export function useSavePost(id: number | null) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: TimelineCreate | TimelinePostInput) =>
      api<TimelineSaved>(id === null ? '/jpanel/timeline' : `/jpanel/timeline/${id}`, {
        method: 'POST',
        body,
      }),
    onSuccess: invalidate,
  });
}

export function useDeletePost() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => api<TimelinePost>(`/jpanel/timeline/${id}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

/**
 * The shared sign → PUT → done upload flow, for one photo: of an update unless another area's
 * upload routes (`prefix`) and collection are named (the sponsee photo).
 */
export async function uploadPhoto(
  file: File,
  target: { prefix: string; collection: string } = { prefix: '/jpanel/timeline/cdn', collection: 'timeline' },
): Promise<TimelineMedia> {
  const meta = {
    filename: file.name,
    collection_name: target.collection,
    content_type: file.type || 'application/octet-stream',
  };
  const signed = await api<UploadSignResponse>(`${target.prefix}/sign`, {
    method: 'POST',
    body: meta,
  });
  const put = await fetch(signed.signed_upload_url, {
    method: 'PUT',
    body: file,
    headers: { 'Content-Type': meta.content_type },
  });
  if (!put.ok) {
    const body = (await put.json().catch(() => ({}))) as { message?: string };
    throw new ApiError(put.status, body.message || 'Error. Try again.');
  }
  return api<TimelineMedia>(`${target.prefix}/done`, {
    method: 'POST',
    body: { ...meta, filename: signed.filename, size: file.size },
  });
}
