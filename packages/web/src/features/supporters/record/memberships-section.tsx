import { formatDate } from '@almoner/contracts';
import { Badge, Stack, Text } from '@mantine/core';
import { Section } from '../../contributions/page-parts.tsx';
import { type SupporterRecord, useSupporter } from '../api.ts';
import { SectionBody } from './section-body.tsx';

/** Memberships the supporter holds or held, with their membership number. */
export function MembershipsSection({ s }: { s: SupporterRecord }) {
  const query = useSupporter(s.id);
  return (
    <Section title="Memberships">
      {s.membership_number && (
        <Text size="sm" mb="xs">
          Membership number <strong>{s.membership_number}</strong>
        </Text>
      )}
      <SectionBody query={query} loading="Loading memberships" empty="No memberships." isEmpty={(d) => d.memberships.length === 0}>
        {(data) => (
          <Stack gap="xs">
            {data.memberships.map((m) => (
              <Stack key={m.id} gap={0}>
                <Text size="sm" fw={500}>
                  {m.name}{' '}
                  <Badge size="xs" color={m.is_expired ? 'yellow' : 'teal'} variant="light">
                    {m.is_expired ? 'Expired' : 'Active'}
                  </Badge>
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDate(m.starts_on)} – {m.expires_on ? formatDate(m.expires_on) : 'no expiry'}
                </Text>
              </Stack>
            ))}
          </Stack>
        )}
      </SectionBody>
    </Section>
  );
}
