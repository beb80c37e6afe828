import { assetKind, themeMessages, type ThemeAsset, type ThemeEditorData } from '@almoner/contracts';
import { useCallback, useEffect, useEffectEvent, useReducer, useState } from 'react';
import { toast } from '../../components/toast.ts';
import { ApiError } from '../../lib/api.ts';
import { fetchAsset, useSaveAsset } from './api.ts';
import { initialTabs, tabsReducer } from './editor-tabs.ts';

/**
 * The theme editor's open files and their saving: open (fetch once, then just activate), save
 * the active text file (Ctrl/Cmd+S too, wherever the focus is), and the server's refusal kept
 * for the file it belongs to only.
 */
export function useThemeFiles(data: ThemeEditorData) {
  const themeId = data.theme.id;
  const [state, dispatch] = useReducer(tabsReducer, initialTabs);
  const [saveError, setSaveError] = useState<{ id: number; message: string } | null>(null);
  const save = useSaveAsset(themeId);
  const active = state.tabs.find((t) => t.asset.id === state.active) ?? null;

  const open = async (assetId: number) => {
    if (state.tabs.some((t) => t.asset.id === assetId))
      return dispatch({ type: 'activate', id: assetId });
    try {
      dispatch({ type: 'open', asset: await fetchAsset(themeId, assetId) });
    } catch {
      toast.error(themeMessages.retrieveFailed);
    }
  };

  const handleSave = useCallback(async () => {
    if (
      !active ||
      assetKind(active.asset.key, active.asset.content_type) !== 'text' ||
      data.theme.is_locked
    )
      return;
    setSaveError(null);
    try {
      dispatch({
        type: 'saved',
        asset: await save.mutateAsync({ id: active.asset.id, value: active.draft }),
      });
      toast.success(themeMessages.saved);
    } catch (error) {
      toast.error(themeMessages.saveFailed);
      if (error instanceof ApiError && error.errors?.value?.[0])
        setSaveError({ id: active.asset.id, message: error.errors.value[0] });
    }
  }, [active, data.theme.is_locked, save]);

  // Ctrl/Cmd+S saves, wherever the focus is (CodeMirror included).
  const onSaveKey = useEffectEvent(() => void handleSave());
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
        e.preventDefault();
        onSaveKey();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  /** An older version was restored: it is the file's text now, and any refusal is stale. */
  const restored = (asset: ThemeAsset) => {
    setSaveError(null);
    dispatch({ type: 'saved', asset });
  };

  return {
    state,
    dispatch,
    active,
    open,
    save: handleSave,
    saving: save.isPending,
    restored,
    saveError: saveError && saveError.id === active?.asset.id ? saveError.message : null,
  };
}

export type ThemeFiles = ReturnType<typeof useThemeFiles>;
