import type { Feed, FeedInput, FeedRow, Post, PostInput, PostRow } from '@almoner/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export const feedKeys = {
  all: ['feeds'] as const,
  list: () => ['feeds', 'list'] as const,
  detail: (id: number) => ['feeds', 'detail', id] as const,
  posts: (id: number) => ['feeds', 'posts', id] as const,
  post: (id: number) => ['feeds', 'post', id] as const,
};

export const useFeeds = () => useQuery({ queryKey: feedKeys.list(), queryFn: () => api<{ data: FeedRow[] }>('/jpanel/feeds.json') });
export const useFeed = (id: number | null) => useQuery({ queryKey: feedKeys.detail(id ?? 0), queryFn: () => api<Feed>(`/jpanel/feeds/${id}.json`), enabled: id !== null });
export const usePosts = (feedId: number | null) => useQuery({ queryKey: feedKeys.posts(feedId ?? 0), queryFn: () => api<{ data: PostRow[] }>(`/jpanel/feeds/${feedId}/posts.json`), enabled: feedId !== null });
export const usePost = (id: number | null) => useQuery({ queryKey: feedKeys.post(id ?? 0), queryFn: () => api<Post>(`/jpanel/feeds/posts/${id}.json`), enabled: id !== null });

export function useSaveFeed(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: FeedInput) => api<Feed>(id === null ? '/jpanel/feeds' : `/jpanel/feeds/${id}`, { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feedKeys.all }),
  });
}

export function useSavePost(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PostInput) => api<Post>(id === null ? '/jpanel/feeds/posts' : `/jpanel/feeds/posts/${id}`, { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feedKeys.all }),
  });
}

export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<{ success: true }>('/jpanel/feeds/posts/destroy', { method: 'POST', body: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: feedKeys.all }),
  });
}

export function useSequencePosts(feedId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => api<{ success: true }>('/jpanel/feeds/posts/sequence', { method: 'POST', body: { sequence: ids.join(',') } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: feedKeys.posts(feedId) }),
  });
}
