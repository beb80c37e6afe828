import type { ProductDetail, ProductFormOptions, ProductInput, ProductOption, SiteUrlOption, StockMovement, VariantOption } from '@almoner/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export const productKeys = {
  all: ['products'] as const,
  detail: (id: number) => [...productKeys.all, 'detail', id] as const,
  stock: (id: number) => [...productKeys.all, 'stock', id] as const,
  formOptions: () => [...productKeys.all, 'form-options'] as const,
  options: (query: string, ids: number[]) => [...productKeys.all, 'options', query, ids] as const,
  variantOptions: (query: string) => [...productKeys.all, 'variant-options', query] as const,
  siteUrls: (query: string) => [...productKeys.all, 'site-urls', query] as const,
};

/** The URL picker's options: the site's pages, products, categories and posts matching `query`. */
export function useSiteUrls(query: string, enabled = true) {
  return useQuery({
    queryKey: productKeys.siteUrls(query),
    queryFn: () => api<SiteUrlOption[]>(`/jpanel/urls.json?query=${encodeURIComponent(query)}`).catch(() => [] as SiteUrlOption[]),
    enabled,
    placeholderData: (previous) => previous,
  });
}

export function useProduct(id: number | null) {
  return useQuery({ queryKey: productKeys.detail(id ?? 0), queryFn: () => api<ProductDetail>(`/jpanel/products/${id}`), enabled: id !== null });
}

export function useStockMovements(id: number | null) {
  return useQuery({
    queryKey: productKeys.stock(id ?? 0),
    queryFn: () => api<{ data: StockMovement[] }>(`/jpanel/products/${id}/stock_movements`).then((r) => r.data),
    enabled: id !== null,
  });
}

export function useProductFormOptions() {
  return useQuery({ queryKey: productKeys.formOptions(), queryFn: () => api<ProductFormOptions>('/jpanel/products/form-options'), staleTime: 60_000 });
}

/** Picker options: by search words, or the chosen ids (to name them). */
export function useProductOptions(query: string, ids: number[] = []) {
  const params = new URLSearchParams();
  if (query) params.set('query', query);
  if (ids.length) params.set('ids', ids.join(','));
  return useQuery({
    queryKey: productKeys.options(query, ids),
    queryFn: () => api<ProductOption[]>(`/jpanel/products.json?${params.toString()}`),
    enabled: query !== '' || ids.length > 0,
    placeholderData: (previous) => previous,
  });
}

export function useVariantOptions(query: string) {
  return useQuery({
    queryKey: productKeys.variantOptions(query),
    queryFn: () => api<VariantOption[]>(`/jpanel/products/variants.json?query=${encodeURIComponent(query)}`),
    placeholderData: (previous) => previous,
  });
}

export const validateSku = (code: string, productId: number | null) =>
  api<{ valid: boolean; message: string | null }>('/jpanel/products/validate_sku', { method: 'POST', body: { code, product_id: productId } });

export function useSaveProduct(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProductInput) => api<ProductDetail>(id === null ? '/jpanel/products' : `/jpanel/products/${id}`, { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<{ message: string }>('/jpanel/products/destroy', { method: 'POST', body: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all, refetchType: 'none' }),
  });
}
