import { formatDate, formatDateTime } from '@almoner/contracts';
import { Anchor, Stack } from '@mantine/core';
import { useEditionFlags } from '../../../app/edition.ts';
import { DonorIdButton } from '../../crm/crm-sync-section.tsx';
import { Fact, Section } from '../../contributions/page-parts.tsx';
import type { SupporterRecord } from '../api.ts';

/** Who they are and how to reach them. */
export function ProfileSection({ s }: { s: SupporterRecord }) {
  const flags = useEditionFlags();
  const phone = s.bill_phone || s.ship_phone;
  return (
    <Section title="Profile">
      <Stack gap="sm">
        <Fact label="Email">{s.email ? <Anchor href={`mailto:${s.email}`}>{s.email}</Anchor> : '—'}</Fact>
        <Fact label="Phone">{phone ? <Anchor href={`tel:${phone}`}>{phone}</Anchor> : '—'}</Fact>
        <Fact label="Email opt-in">
          {s.email_opt_in ? 'Opted in' : 'Not opted in'}
          {s.email_opt_in_changed_at ? ` since ${formatDate(s.email_opt_in_changed_at)}` : ''}
        </Fact>
        <Fact label="Type">{s.account_type ?? '—'}</Fact>
        <Fact label="Membership number">{s.membership_number ?? '—'}</Fact>
        {flags.referral_sources && <Fact label="Referral source">{s.referral_source ?? '—'}</Fact>}
        {flags.nps && <Fact label="NPS">{s.nps ?? '—'}</Fact>}
        {flags.dp && (
          <Fact label="DP donor ID">
            <DonorIdButton request={s.donor_id ? { id: s.donor_id, first_name: s.first_name, last_name: s.last_name, email: s.email } : null} />
          </Fact>
        )}
        <Fact label="Last sign-in">{s.last_login_at ? formatDateTime(s.last_login_at) : 'Never'}</Fact>
      </Stack>
    </Section>
  );
}
