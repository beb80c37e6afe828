import type { Category, CategoryInput } from '@almoner/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export const categoryKeys = {
  all: ['categories'] as const,
  list: () => ['categories', 'list'] as const,
  detail: (id: number) => ['categories', 'detail', id] as const,
};

export const useCategories = () =>
  useQuery({ queryKey: categoryKeys.list(), queryFn: () => api<{ data: Category[] }>('/jpanel/product_categories.json') });

export const useCategory = (id: number | null) =>
  useQuery({ queryKey: categoryKeys.detail(id ?? 0), queryFn: () => api<Category>(`/jpanel/product_categories/${id}`), enabled: id !== null });

export function useSaveCategory(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CategoryInput) => api<Category>(id === null ? '/jpanel/product_categories' : `/jpanel/product_categories/${id}`, { method: 'POST', body: input }),
    // The product and promo forms list categories too.
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: categoryKeys.all }), queryClient.invalidateQueries({ queryKey: ['products'] })]),
  });
}

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<{ message: string }>('/jpanel/product_categories/destroy', { method: 'POST', body: { id } }),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: categoryKeys.list(), refetchType: 'all' }), queryClient.invalidateQueries({ queryKey: ['products'] })]),
  });
}

/** "Parent › Child" for each category, so a tree reads in a flat list. */
export function categoryPaths(categories: Pick<Category, 'id' | 'name' | 'parent_id'>[]): Map<number, string> {
  const byId = new Map(categories.map((c) => [c.id, c]));
  const path = (c: Pick<Category, 'id' | 'name' | 'parent_id'>, depth = 0): string => {
    const parent = c.parent_id === null ? undefined : byId.get(c.parent_id);
    return parent && depth < 10 ? `${path(parent, depth + 1)} › ${c.name}` : c.name;
  };
  return new Map(categories.map((c) => [c.id, path(c)]));
}
