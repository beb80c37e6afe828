import { formatAmount, formatDate } from '@almoner/contracts';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { PermittedLink } from '../../../components/permitted-link.tsx';
import { Section } from '../../contributions/page-parts.tsx';
import type { SupporterRecord } from '../api.ts';
import { useSupporterSponsorships } from './record-api.ts';
import { SectionBody } from './section-body.tsx';

/** Whom the supporter sponsors (and sponsored), with what they gave each. */
export function SponsorshipsSection({ s }: { s: SupporterRecord }) {
  const query = useSupporterSponsorships(s.id);
  return (
    <Section title="Sponsorships">
      <SectionBody query={query} loading="Loading sponsorships" empty="Sponsors no one." isEmpty={(d) => d.length === 0}>
        {(rows) => (
          <Stack gap="xs">
            {rows.map((r) => (
              <Stack key={r.id} gap={0}>
                <Group gap="xs" wrap="nowrap" justify="space-between">
                  <Group gap={6} miw={0}>
                    <PermittedLink permission="sponsorship.view" to={`/sponsorships/${r.sponsorship_id}`} size="sm" fw={500}>
                      {r.name}
                    </PermittedLink>
                    <Badge size="xs" variant="light" color={r.ended_at ? 'gray' : 'teal'}>
                      {r.ended_at ? 'Ended' : 'Active'}
                    </Badge>
                  </Group>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {formatAmount(r.lifetime_amount, r.currency_code)}
                  </Text>
                </Group>
                <Text size="xs" c="dimmed">
                  {r.reference ? `${r.reference} · ` : ''}Since {formatDate(r.started_at)}
                  {r.ended_at ? ` · ended ${formatDate(r.ended_at)}${r.ended_reason ? ` (${r.ended_reason})` : ''}` : ''}
                </Text>
              </Stack>
            ))}
          </Stack>
        )}
      </SectionBody>
    </Section>
  );
}
