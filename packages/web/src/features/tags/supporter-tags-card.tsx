import { TAGS_PER_SUPPORTER_MAX } from '@almoner/contracts';
import { Button, Group, MultiSelect, Stack, Text } from '@mantine/core';
import { IconTags } from '@tabler/icons-react';
import { useState } from 'react';
import { useCan } from '../../app/session.ts';
import { toastOutcome } from '../../components/toast.ts';
import { Section } from '../contributions/page-parts.tsx';
import { LoadErrorAlert } from '../users/load-error-alert.tsx';
import { useSetSupporterTags, useSupporterTags, useTags } from './api.ts';
import { TagBadge } from './tag-badge.tsx';
import { TagsModal } from './tags-modal.tsx';

/** A supporter's tags; with `member.edit`, a picker that saves on each change, and the tags manager. */
export function SupporterTagsCard({ supporterId }: { supporterId: number }) {
  const canWrite = useCan()('member.edit');
  const current = useSupporterTags(supporterId);
  const all = useTags(canWrite);
  const save = useSetSupporterTags(supporterId);
  const [managing, setManaging] = useState(false);
  const change = (ids: string[]) => toastOutcome(() => save.mutateAsync(ids.map(Number)), 'The tags could not be saved. Please try again.');
  const manage = canWrite ? (
    <Button size="xs" variant="subtle" leftSection={<IconTags size={14} />} onClick={() => setManaging(true)}>
      Manage tags
    </Button>
  ) : undefined;
  return (
    <Section title="Tags" action={manage}>
      <Stack gap="xs">
        {current.error && <LoadErrorAlert error={current.error} />}
        {current.data && current.data.data.length > 0 && (
          <Group gap={6} aria-label="Supporter tags" role="list">
            {current.data.data.map((tag) => (
              <span role="listitem" key={tag.id}>
                <TagBadge tag={tag} />
              </span>
            ))}
          </Group>
        )}
        {current.data?.data.length === 0 && !canWrite && (
          <Text size="sm" c="dimmed">
            No tags.
          </Text>
        )}
        {canWrite && current.data && (
          <MultiSelect
            // The card's title names it; the coloured badges above show the choice.
            aria-label="Tags"
            placeholder={all.data?.data.length ? 'Add a tag' : 'No tags yet: add them with Manage tags'}
            searchable
            clearable
            maxValues={TAGS_PER_SUPPORTER_MAX}
            nothingFoundMessage="No tag by that name: add it with Manage tags"
            data={(all.data?.data ?? []).map((t) => ({ value: String(t.id), label: t.name }))}
            value={current.data.data.map((t) => String(t.id))}
            onChange={(ids) => void change(ids)}
            disabled={save.isPending}
          />
        )}
      </Stack>
      <TagsModal opened={managing} onClose={() => setManaging(false)} />
    </Section>
  );
}
