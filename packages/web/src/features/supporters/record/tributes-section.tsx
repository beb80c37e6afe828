import { formatAmount, formatDate } from '@almoner/contracts';
import { Group, Stack, Text } from '@mantine/core';
import { ContributionLink } from '../../contributions/contribution-badges.tsx';
import { Section } from '../../contributions/page-parts.tsx';
import type { SupporterRecord } from '../api.ts';
import { useSupporterTributes } from './record-api.ts';
import { SectionBody } from './section-body.tsx';

/** Tributes the supporter made with their gifts ("In memory of …"), with how the family was told. */
export function TributesSection({ s }: { s: SupporterRecord }) {
  const query = useSupporterTributes(s.id);
  return (
    <Section title="Tributes">
      <SectionBody query={query} loading="Loading tributes" empty="No tributes." isEmpty={(d) => d.length === 0}>
        {(rows) => (
          <Stack gap="xs">
            {rows.map((t) => (
              <Stack key={t.id} gap={0}>
                <Group gap="xs" justify="space-between" wrap="nowrap">
                  <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                    {t.type ? `${t.type} ` : ''}
                    {t.name}
                  </Text>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {formatAmount(t.amount, t.currency_code)}
                  </Text>
                </Group>
                <Text size="xs" c="dimmed" component="div">
                  {formatDate(t.created_at)} · <ContributionLink id={t.contribution_id} size="xs" /> ·{' '}
                  {t.notify ? (t.notified_at ? `Notified by ${t.notify} ${formatDate(t.notified_at)}` : `To notify by ${t.notify}`) : 'No notification'}
                </Text>
              </Stack>
            ))}
          </Stack>
        )}
      </SectionBody>
    </Section>
  );
}
