import { formatDate, formatDateTime } from '@almoner/contracts';
import { Alert, Anchor, Badge, Button, Center, Grid, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBuilding, IconPencil, IconReceipt, IconUser } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { useEditionFlags } from '../../app/edition.ts';
import { useCan } from '../../app/session.ts';
import { RecordHistory } from '../audit/record-history.tsx';
import { DonorIdButton } from '../crm/crm-sync-section.tsx';
import { BackLink, Fact, Section } from '../contributions/page-parts.tsx';
import { NotesPanel } from '../notes/notes-panel.tsx';
import { SupporterTagsCard } from '../tags/supporter-tags-card.tsx';
import { SupporterTasksCard } from '../tasks/supporter-tasks-card.tsx';
import { AddressBlock } from './address-block.tsx';
import { type SupporterDetail, type SupporterRecord, supporterName, useSupporter } from './api.ts';
import { SupporterStatusButtons } from './supporter-status-buttons.tsx';
import { SupporterPrivacyActions } from './privacy/supporter-privacy-actions.tsx';
import { ConsentCard } from './consent-card.tsx';
import { ContactBadges } from './contact-badges.tsx';
import { MailCard } from './mail-card.tsx';
import { EmailSupporterButton } from './supporter-email.tsx';
import { LifetimeFigures, Memberships, RecentContributions, RecurringProfiles } from './supporter-sections.tsx';

function Header({ s }: { s: SupporterRecord }) {
  const can = useCan();
  const Icon = s.is_organization ? IconBuilding : IconUser;
  return (
    <Group justify="space-between" align="flex-start" gap="sm">
      <Stack gap={4} miw={0}>
        <Group gap="xs" wrap="nowrap">
          <Icon size={26} opacity={0.6} aria-hidden />
          <Title order={2} style={{ overflowWrap: 'anywhere' }}>
            {supporterName(s)}
          </Title>
        </Group>
        <Group gap="xs">
          {s.account_type && <Badge variant="light" color="gray">{s.account_type}</Badge>}
          {s.is_spam && <Badge color="red">Spam</Badge>}
          {!s.is_active && !s.is_spam && <Badge color="gray">Archived</Badge>}
          <ContactBadges deceasedOn={s.deceased_on} doNotContact={s.do_not_contact} />
          <Text size="sm" c="dimmed">
            Supporter since {formatDate(s.created_at)}
          </Text>
        </Group>
      </Stack>
      <Group gap="xs">
        {can('order.view') && (
          <Button component={Link} to={`/contributions?f.supporter_id=${s.id}`} variant="default" leftSection={<IconReceipt size={16} />}>
            Contributions
          </Button>
        )}
        <EmailSupporterButton s={s} />
        {can('member.edit') && (
          <Button component={Link} to={`/supporters/${s.id}/edit`} variant="default" leftSection={<IconPencil size={16} />}>
            Edit
          </Button>
        )}
        <SupporterStatusButtons s={s} />
        <SupporterPrivacyActions s={s} />
      </Group>
    </Group>
  );
}

function ProfileSection({ s }: { s: SupporterRecord }) {
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

function SupporterView({ data }: { data: SupporterDetail }) {
  const s = data.supporter;
  return (
    <Stack gap="md">
      <BackLink to="/supporters">Supporters</BackLink>
      <Header s={s} />
      <LifetimeFigures s={s} />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }} order={{ base: 2, md: 1 }}>
          <Stack gap="md">
            <RecentContributions supporterId={s.id} rows={data.contributions} />
            <RecurringProfiles rows={data.recurring} />
            <Memberships rows={data.memberships} />
            <MailCard supporterId={s.id} />
          </Stack>
        </Grid.Col>
        {/* On a phone who they are and how to reach them comes first. */}
        <Grid.Col span={{ base: 12, md: 4 }} order={{ base: 1, md: 2 }}>
          <Stack gap="md">
            <ProfileSection s={s} />
            <ConsentCard supporterId={s.id} name={supporterName(s)} />
            <SupporterTagsCard supporterId={s.id} />
            <SupporterTasksCard supporterId={s.id} />
            <NotesPanel supporterId={s.id} />
            <Section title="Addresses">
              <Stack gap="sm">
                <AddressBlock title="Billing" record={s} prefix="bill" />
                <AddressBlock title="Shipping" record={s} prefix="ship" />
              </Stack>
            </Section>
          </Stack>
        </Grid.Col>
      </Grid>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <RecordHistory table="supporters" id={s.id} />
      </Paper>
    </Stack>
  );
}

/** One supporter: who they are, what they gave, their profiles and memberships. */
export function SupporterPage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useSupporter(valid ? id : null);
  if (!valid) return <Alert color="red" title="Could not load">This supporter does not exist.</Alert>;
  if (query.isPending) {
    return (
      <Center h={240}>
        <Loader aria-label="Loading supporter" />
      </Center>
    );
  }
  if (query.isError) {
    return (
      <Stack gap="md">
        <BackLink to="/supporters">Supporters</BackLink>
        <Alert color="red" role="alert" title="Could not load">
          {query.error.message}
        </Alert>
      </Stack>
    );
  }
  return <SupporterView data={query.data} />;
}
