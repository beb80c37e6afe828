import type { ThemeAsset } from '@almoner/contracts';
import { describe, expect, it } from 'vitest';
import { initialTabs, tabsReducer, type TabsState } from './editor-tabs.ts';
import { buildTree } from './file-tree.ts';

const asset = (id: number): ThemeAsset => ({ id, theme_id: 1, key: `templates/f${id}.liquid`, name: `f${id}.liquid`, value: `v${id}`, content_type: 'text/x-liquid' });
const open = (state: TabsState, id: number) => tabsReducer(state, { type: 'open', asset: asset(id) });

describe('theme editor tabs', () => {
  it('activates an open file instead of opening it twice', () => {
    const s = open(open(open(initialTabs, 1), 2), 1);
    expect(s.tabs.map((t) => t.asset.id)).toEqual([1, 2]);
    expect(s.active).toBe(1);
  });
  it('closing activates the tab at the same position, else the last, else none', () => {
    let s = open(open(open(initialTabs, 1), 2), 3);
    s = tabsReducer({ ...s, active: 2 }, { type: 'close', id: 2 });
    expect(s.active).toBe(3);
    s = tabsReducer(s, { type: 'close', id: 3 });
    expect(s.active).toBe(1);
    s = tabsReducer(s, { type: 'close', id: 1 });
    expect(s).toEqual({ tabs: [], active: null });
  });
});

describe('buildTree', () => {
  it('title-cases top folders, sorts folders first and filters by key', () => {
    const assets = [{ id: 1, key: 'snippets/header.liquid', content_type: 't' }, { id: 2, key: 'assets/img/logo.png', content_type: 'p' }, { id: 3, key: 'readme.txt', content_type: 't' }];
    const tree = buildTree(assets);
    expect(tree.map((n) => n.name)).toEqual(['Assets', 'Snippets', 'readme.txt']);
    expect(buildTree(assets, 'HEAD').map((n) => n.name)).toEqual(['Snippets']);
    const first = tree[0];
    expect(first?.kind === 'folder' && first.children[0]?.name).toBe('img');
  });
});
