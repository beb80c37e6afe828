/** The theme's files as a tree from their keys (spec part 3 §2.6). */
export type TreeFile = { kind: 'file'; id: number; key: string; name: string; content_type: string };
export type TreeFolder = { kind: 'folder'; path: string; name: string; children: TreeNode[] };
export type TreeNode = TreeFile | TreeFolder;

const titleCase = (s: string) => s.replace(/[-_]+/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());

/**
 * Keys split on slashes; top-level folder names are title-cased ("snippets" shows "Snippets").
 * `search` keeps the files whose key contains it, case-insensitively.
 */
export function buildTree(assets: { id: number; key: string; content_type: string }[], search = ''): TreeNode[] {
  const needle = search.trim().toLowerCase();
  const root: TreeFolder = { kind: 'folder', path: '', name: '', children: [] };
  for (const asset of assets) {
    if (needle && !asset.key.toLowerCase().includes(needle)) continue;
    const parts = asset.key.split('/');
    let folder = root;
    parts.slice(0, -1).forEach((part, depth) => {
      const path = parts.slice(0, depth + 1).join('/');
      let next = folder.children.find((c): c is TreeFolder => c.kind === 'folder' && c.path === path);
      if (!next) {
        next = { kind: 'folder', path, name: depth === 0 ? titleCase(part) : part, children: [] };
        folder.children.push(next);
      }
      folder = next;
    });
    folder.children.push({ kind: 'file', id: asset.id, key: asset.key, name: parts[parts.length - 1] ?? asset.key, content_type: asset.content_type });
  }
  const sort = (nodes: TreeNode[]): TreeNode[] =>
    nodes
      .map((n) => (n.kind === 'folder' ? { ...n, children: sort(n.children) } : n))
      .sort((a, b) => (a.kind === b.kind ? a.name.localeCompare(b.name) : a.kind === 'folder' ? -1 : 1));
  return sort(root.children);
}
