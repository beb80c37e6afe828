import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import type { PosAnswer, PosCategory, PosConfig, PosProduct } from './pos-types.ts';

export const posKeys = {
  all: ['pos'] as const,
  config: () => ['pos', 'config'] as const,
  categories: () => ['pos', 'categories'] as const,
  products: (search: ProductSearch) => ['pos', 'products', search] as const,
  bookmarks: () => ['pos', 'bookmarks'] as const,
  picker: (kind: string, query: string) => ['pos', 'picker', kind, query] as const,
  openSales: () => ['pos', 'open-sales'] as const,
};

export type ProductSearch = { keywords?: string; category_id?: number; currency_code: string };

export const usePosConfig = () =>
  useQuery({
    queryKey: posKeys.config(),
    queryFn: () => api<PosConfig>('/jpanel/pos/config.json'),
    staleTime: 60_000,
  });

export const usePosCategories = () =>
  useQuery({
    queryKey: posKeys.categories(),
    queryFn: () =>
      api<{ categories: PosCategory[] }>('/jpanel/pos/categories.json', {
        method: 'POST',
        body: {},
      }),
    staleTime: 60_000,
  });

/** Products by keywords or by category, priced in the order's currency. */
export const usePosProducts = (search: ProductSearch | null) =>
  useQuery({
    queryKey: posKeys.products(search ?? { currency_code: '' }),
    queryFn: () =>
      api<{ products: PosProduct[] }>('/jpanel/pos/products.json', {
        method: 'POST',
        body: search,
      }),
    enabled: search !== null && Boolean(search.keywords || search.category_id),
  });

export const useBookmarks = (currency: string) =>
  useQuery({
    queryKey: [...posKeys.bookmarks(), currency],
    queryFn: () =>
      api<{ products: PosProduct[] }>(
        `/jpanel/pos/bookmarks.json?currency_code=${encodeURIComponent(currency)}`,
      ),
  });

/**
 * Bookmark or unbookmark a product. The bar changes at once; a failure puts it back (the caller
 * shows 'Failed to save bookmark.').
 */
export function useToggleBookmark(currency: string) {
  const queryClient = useQueryClient();
  const key = [...posKeys.bookmarks(), currency];
  return useMutation({
    mutationFn: ({ product, add }: { product: PosProduct; add: boolean }) =>
      api<unknown>(`/jpanel/pos/bookmark/${add ? 'add' : 'remove'}`, {
        method: 'POST',
        body: { product_id: product.id },
      }),
    onMutate: async ({ product, add }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<{ products: PosProduct[] }>(key);
      const others = (before?.products ?? []).filter((p) => p.id !== product.id);
      queryClient.setQueryData(key, {
        products: add ? [...others, { ...product, is_bookmarked: true }] : others,
      });
      return { before };
    },
    onError: (_error, _vars, context) => queryClient.setQueryData(key, context?.before),
    onSettled: () =>
      queryClient.invalidateQueries({
        queryKey: posKeys.all,
        predicate: (q) => q.queryKey[1] !== 'config',
      }),
  });
}

/** POST to an order route; every one answers `{ status, message, order }`. */
export const postOrder = (path: string, body: unknown) =>
  api<PosAnswer>(path, { method: 'POST', body });

export const fetchPicker = <T>(path: string, query: string) =>
  api<T[] | { data: T[] }>(`${path}?query=${encodeURIComponent(query)}`)
    .then((answer) => (Array.isArray(answer) ? answer : answer.data))
    // Spec §7: failed picker loads yield empty lists.
    .catch(() => [] as T[]);
