import { ACTIVITY_KINDS, type ActivityKind, type ActivityRow, activityKindLabels, activityKindPermissions, activityMessages, formatAmount, formatDateTime } from '@almoner/contracts';
import { Anchor, Badge, Group, NativeSelect, Pagination, Stack, Text, ThemeIcon, Timeline } from '@mantine/core';
import {
  IconCash,
  IconChecklist,
  IconCreditCard,
  IconEdit,
  IconGift,
  IconMail,
  IconNote,
  IconReceipt,
  IconReceiptRefund,
  IconRepeat,
  IconShieldCheck,
  IconTags,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCan } from '../../../app/session.ts';
import { Section } from '../../contributions/page-parts.tsx';
import type { SupporterRecord } from '../api.ts';
import { useSupporterActivity } from './record-api.ts';
import { SectionBody } from './section-body.tsx';

const icons: Record<ActivityKind, typeof IconGift> = {
  gift: IconGift,
  payment: IconCash,
  refund: IconReceiptRefund,
  recurring: IconRepeat,
  receipt: IconReceipt,
  note: IconNote,
  task: IconChecklist,
  mail: IconMail,
  consent: IconShieldCheck,
  tag: IconTags,
  edit: IconEdit,
  payment_method: IconCreditCard,
};

const colors: Record<ActivityKind, string> = {
  gift: 'teal', payment: 'teal', refund: 'orange', recurring: 'blue', receipt: 'grape', note: 'yellow',
  task: 'cyan', mail: 'indigo', consent: 'red', tag: 'gray', edit: 'gray', payment_method: 'blue',
};

function Row({ row }: { row: ActivityRow }) {
  const title = row.link ? (
    <Anchor component={Link} to={row.link} size="sm" fw={500} c="dark">
      {row.title}
    </Anchor>
  ) : (
    <Text size="sm" fw={500} span>
      {row.title}
    </Text>
  );
  return (
    <Stack gap={2} miw={0} data-activity={row.kind}>
      <Group gap="xs" justify="space-between" wrap="nowrap" align="flex-start">
        <Group gap={6} miw={0} style={{ overflowWrap: 'anywhere' }}>
          {title}
          <Badge size="xs" variant="light" color={colors[row.kind]}>
            {activityKindLabels[row.kind]}
          </Badge>
        </Group>
        {row.amount !== null && row.currency_code && (
          <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
            {formatAmount(row.amount, row.currency_code)}
          </Text>
        )}
      </Group>
      {row.detail && (
        <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
          {row.detail}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {formatDateTime(row.occurred_at)}
        {row.by ? ` · ${row.by}` : ''}
      </Text>
    </Stack>
  );
}

/** The kind filter: every kind the user may see (a kind's area, as the server decides), in the timeline's words. */
function KindFilter({ kind, onChange }: { kind: ActivityKind | null; onChange: (kind: ActivityKind | null) => void }) {
  const can = useCan();
  const kinds = ACTIVITY_KINDS.filter((k) => can(activityKindPermissions[k]));
  return (
    <NativeSelect
      aria-label="Show activity of kind"
      size="xs"
      value={kind ?? ''}
      data={[{ value: '', label: 'All activity' }, ...kinds.map((k) => ({ value: k, label: activityKindLabels[k] }))]}
      onChange={(e) => onChange((e.currentTarget.value || null) as ActivityKind | null)}
    />
  );
}

/** Everything that happened with the supporter, newest first, as the server merges and pages it; one kind when chosen. */
export function ActivitySection({ s }: { s: SupporterRecord }) {
  const [page, setPage] = useState(1);
  const [kind, setKind] = useState<ActivityKind | null>(null);
  const query = useSupporterActivity(s.id, page, kind);
  const pages = query.data ? Math.ceil(query.data.total / query.data.page_size) : 0;
  const choose = (next: ActivityKind | null) => {
    setKind(next);
    setPage(1);
  };
  return (
    <Section title="Activity" action={<KindFilter kind={kind} onChange={choose} />}>
      <SectionBody
        query={query}
        loading="Loading activity"
        empty={kind ? activityMessages.emptyKind(activityKindLabels[kind]) : 'Nothing has happened with this supporter yet.'}
        isEmpty={(d) => d.total === 0}
      >
        {(data) => (
          <Stack gap="md">
            <Timeline bulletSize={26} lineWidth={2} aria-label="Activity, newest first">
              {data.data.map((row) => {
                const Icon = icons[row.kind];
                return (
                  <Timeline.Item
                    key={row.key}
                    bullet={
                      <ThemeIcon size={26} radius="xl" variant="light" color={colors[row.kind]}>
                        <Icon size={14} aria-hidden />
                      </ThemeIcon>
                    }
                  >
                    <Row row={row} />
                  </Timeline.Item>
                );
              })}
            </Timeline>
            {pages > 1 && (
              <Group justify="space-between" gap="xs">
                <Text size="xs" c="dimmed">
                  {data.total.toLocaleString('en-US')} events
                </Text>
                <Pagination size="sm" total={pages} value={page} onChange={setPage} aria-label="Activity pages" getControlProps={(control) => ({ 'aria-label': `${control} page` })} getItemProps={(n) => ({ 'aria-label': `Page ${n}` })} />
              </Group>
            )}
          </Stack>
        )}
      </SectionBody>
    </Section>
  );
}
