import { THEME_EDITOR } from '@almoner/contracts';
import { Collapse, Stack, TextInput, UnstyledButton, Text, Group } from '@mantine/core';
import { IconChevronRight, IconFile, IconFolder, IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { buildTree, type TreeNode } from './file-tree.ts';

/** Left pane: the files by folder, filtered by 'Search files...'; folders slide open in 300 ms. */
export function FileTree({ assets, activeId, onOpen }: { assets: { id: number; key: string; content_type: string }[]; activeId: number | null; onOpen: (id: number) => void }) {
  const [search, setSearch] = useState('');
  const tree = useMemo(() => buildTree(assets, search), [assets, search]);
  return (
    <Stack gap="xs" p="xs">
      <TextInput aria-label="Search files" placeholder="Search files..." leftSection={<IconSearch size={14} />} value={search} onChange={(e) => setSearch(e.currentTarget.value)} size="xs" />
      <nav aria-label="Theme files">
        <Nodes nodes={tree} depth={0} activeId={activeId} onOpen={onOpen} forceOpen={search.trim() !== ''} />
      </nav>
    </Stack>
  );
}

function Nodes({ nodes, depth, activeId, onOpen, forceOpen }: { nodes: TreeNode[]; depth: number; activeId: number | null; onOpen: (id: number) => void; forceOpen: boolean }) {
  return (
    <ul style={{ listStyle: 'none', margin: 0, paddingLeft: depth === 0 ? 0 : 14 }}>
      {nodes.map((node) =>
        node.kind === 'folder' ? (
          <Folder key={node.path} node={node} depth={depth} activeId={activeId} onOpen={onOpen} forceOpen={forceOpen} />
        ) : (
          <li key={node.id}>
            <UnstyledButton onClick={() => onOpen(node.id)} aria-current={node.id === activeId ? 'true' : undefined} w="100%" px={4} py={2} bg={node.id === activeId ? 'var(--mantine-color-blue-light)' : undefined}>
              <Group gap={6} wrap="nowrap">
                <IconFile size={14} aria-hidden />
                <Text size="sm" truncate>{node.name}</Text>
              </Group>
            </UnstyledButton>
          </li>
        ),
      )}
    </ul>
  );
}

function Folder({ node, depth, activeId, onOpen, forceOpen }: { node: Extract<TreeNode, { kind: 'folder' }>; depth: number; activeId: number | null; onOpen: (id: number) => void; forceOpen: boolean }) {
  const [open, setOpen] = useState(depth === 0);
  const expanded = open || forceOpen;
  return (
    <li>
      <UnstyledButton onClick={() => setOpen((o) => !o)} aria-expanded={expanded} w="100%" px={4} py={2}>
        <Group gap={6} wrap="nowrap">
          <IconChevronRight size={14} aria-hidden style={{ transform: expanded ? 'rotate(90deg)' : undefined, transition: `transform ${THEME_EDITOR.folderSlideMs}ms` }} />
          <IconFolder size={14} aria-hidden />
          <Text size="sm" fw={500}>{node.name}</Text>
        </Group>
      </UnstyledButton>
      <Collapse expanded={expanded} transitionDuration={THEME_EDITOR.folderSlideMs}>
        <Nodes nodes={node.children} depth={depth + 1} activeId={activeId} onOpen={onOpen} forceOpen={forceOpen} />
      </Collapse>
    </li>
  );
}
