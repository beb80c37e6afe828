import { formatDateTime, themeMessages, type ThemeAsset } from '@almoner/contracts';
import { Anchor, Button, Group, Select } from '@mantine/core';
import { useState } from 'react';
import { confirm } from '../../components/dialogs.tsx';
import { toast } from '../../components/toast.ts';
import { useAssetVersions, useRestoreVersion } from './api.ts';

/** 'Older versions': a select of 'Current' and the saved versions, a Cancel link, and Restore. */
export function OlderVersions({ asset, onRestored }: { asset: ThemeAsset; onRestored: (asset: ThemeAsset) => void }) {
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState('current');
  const versions = useAssetVersions(asset.theme_id, asset.id, open);
  const restore = useRestoreVersion(asset.theme_id);
  if (!open) return <Anchor component="button" type="button" size="sm" onClick={() => setOpen(true)}>Older versions</Anchor>;
  const handleRestore = async () => {
    const version = versions.data?.data.find((v) => String(v.id) === choice);
    if (!version) return;
    if (!(await confirm({ title: 'Restore older version', message: `Replace ${asset.name} with its version of ${formatDateTime(version.created_at)}? The current text is kept as a version.`, confirmLabel: 'Restore', danger: true }))) return;
    try {
      onRestored(await restore.mutateAsync({ id: asset.id, versionId: version.id }));
      toast.success(themeMessages.restored);
      setOpen(false);
      setChoice('current');
    } catch (error) {
      toast.error(error instanceof Error ? error.message : themeMessages.saveFailed);
    }
  };
  return (
    <Group gap="xs" wrap="nowrap">
      <Select
        aria-label="Version"
        size="xs"
        w={260}
        allowDeselect={false}
        value={choice}
        onChange={(v) => setChoice(v ?? 'current')}
        data={[{ value: 'current', label: 'Current' }, ...(versions.data?.data ?? []).map((v) => ({ value: String(v.id), label: `${formatDateTime(v.created_at)}${v.created_by ? ` · ${v.created_by}` : ''}` }))]}
      />
      {choice !== 'current' && <Button size="compact-sm" variant="light" loading={restore.isPending} onClick={() => void handleRestore()}>Restore</Button>}
      <Anchor component="button" type="button" size="sm" onClick={() => { setOpen(false); setChoice('current'); }}>Cancel</Anchor>
    </Group>
  );
}
