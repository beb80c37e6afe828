import type { AssetVersion, ThemeAsset, ThemeEditorData, ThemeRow } from '@almoner/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export const themeKeys = {
  list: () => ['themes', 'list'] as const,
  editor: (id: number) => ['themes', 'editor', id] as const,
  versions: (themeId: number, assetId: number) => ['themes', 'versions', themeId, assetId] as const,
};
export const assetPath = (themeId: number, assetId: number) => `/jpanel/themes/${themeId}/editor/assets/${assetId}`;

export const useThemes = () => useQuery({ queryKey: themeKeys.list(), queryFn: () => api<{ data: ThemeRow[] }>('/jpanel/themes.json') });
export const useThemeEditor = (id: number) => useQuery({ queryKey: themeKeys.editor(id), queryFn: () => api<ThemeEditorData>(`/jpanel/themes/${id}/editor.json`) });
export const fetchAsset = (themeId: number, assetId: number) => api<ThemeAsset>(`${assetPath(themeId, assetId)}.json`);
export const useAssetVersions = (themeId: number, assetId: number, enabled: boolean) =>
  useQuery({ queryKey: themeKeys.versions(themeId, assetId), queryFn: () => api<{ data: AssetVersion[] }>(`${assetPath(themeId, assetId)}/versions.json`), enabled });

export function useSaveAsset(themeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, value }: { id: number; value: string }) => api<ThemeAsset>(assetPath(themeId, id), { method: 'POST', body: { value } }),
    onSuccess: (asset) => queryClient.invalidateQueries({ queryKey: themeKeys.versions(themeId, asset.id) }),
  });
}

export function useRestoreVersion(themeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, versionId }: { id: number; versionId: number }) => api<ThemeAsset>(`${assetPath(themeId, id)}/versions/${versionId}/restore`, { method: 'POST' }),
    onSuccess: (asset) => queryClient.invalidateQueries({ queryKey: themeKeys.versions(themeId, asset.id) }),
  });
}
