import type { ThemeAsset } from '@almoner/contracts';

/** Open files of the theme editor, with their unsaved text (spec part 3 §4 "Theme editor"). */
export type OpenTab = { asset: ThemeAsset; draft: string };
export type TabsState = { tabs: OpenTab[]; active: number | null };
export type TabsAction =
  | { type: 'open'; asset: ThemeAsset }
  | { type: 'activate'; id: number }
  | { type: 'close'; id: number }
  | { type: 'edit'; id: number; draft: string }
  | { type: 'saved'; asset: ThemeAsset };

export const initialTabs: TabsState = { tabs: [], active: null };

export function tabsReducer(state: TabsState, action: TabsAction): TabsState {
  switch (action.type) {
    case 'open':
      // Opening an already open file only activates its tab.
      if (state.tabs.some((t) => t.asset.id === action.asset.id)) return { ...state, active: action.asset.id };
      return { tabs: [...state.tabs, { asset: action.asset, draft: action.asset.value ?? '' }], active: action.asset.id };
    case 'activate':
      return { ...state, active: action.id };
    case 'close': {
      const index = state.tabs.findIndex((t) => t.asset.id === action.id);
      if (index < 0) return state;
      const tabs = state.tabs.filter((t) => t.asset.id !== action.id);
      if (state.active !== action.id) return { ...state, tabs };
      // The tab now at the same position (or the last), or none.
      const next = tabs[Math.min(index, tabs.length - 1)];
      return { tabs, active: next ? next.asset.id : null };
    }
    case 'edit':
      return { ...state, tabs: state.tabs.map((t) => (t.asset.id === action.id ? { ...t, draft: action.draft } : t)) };
    case 'saved':
      return { ...state, tabs: state.tabs.map((t) => (t.asset.id === action.asset.id ? { asset: action.asset, draft: action.asset.value ?? '' } : t)) };
  }
}
