import { formatDate } from '@almoner/contracts';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { useCan } from '../../../app/session.ts';
import { Section } from '../../contributions/page-parts.tsx';
import { GrantMembershipButton, MembershipRowActions } from '../../memberships/membership-actions.tsx';
import { type SupporterRecord, useSupporter } from '../api.ts';
import { SectionBody } from './section-body.tsx';

/** Memberships the supporter holds or held, with their membership number; staff who may edit supporters grant, extend and end them. */
export function MembershipsSection({ s }: { s: SupporterRecord }) {
  const query = useSupporter(s.id);
  const can = useCan();
  // The server refuses archived, erased and spam supporters too; the button is not offered for them.
  const editable = can('member.edit') && !s.erased_at && s.is_active && !s.is_spam;
  return (
    <Section title="Memberships" action={editable && <GrantMembershipButton supporterId={s.id} number={s.membership_number} />}>
      {s.membership_number && (
        <Text size="sm" mb="xs">
          Membership number <strong>{s.membership_number}</strong>
        </Text>
      )}
      <SectionBody query={query} loading="Loading memberships" empty="No memberships." isEmpty={(d) => d.memberships.length === 0}>
        {(data) => (
          <Stack gap="xs">
            {data.memberships.map((m) => (
              <Group key={m.id} justify="space-between" align="flex-start" wrap="nowrap">
                <Stack gap={0}>
                  <Text size="sm" fw={500}>
                    {m.name}{' '}
                    <Badge size="xs" color={m.is_expired ? 'yellow' : 'teal'} variant="light">
                      {m.is_expired ? 'Expired' : 'Active'}
                    </Badge>
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatDate(m.starts_on)} – {m.expires_on ? formatDate(m.expires_on) : 'no expiry'}
                    {m.end_reason ? ` · ${m.end_reason}` : ''}
                  </Text>
                </Stack>
                {editable && <MembershipRowActions membership={m} />}
              </Group>
            ))}
          </Stack>
        )}
      </SectionBody>
    </Section>
  );
}
