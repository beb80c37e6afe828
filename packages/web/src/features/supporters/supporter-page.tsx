import { formatDate, formatDateTime, supporterPrivacyMessages } from '@almoner/contracts';
import { Alert, Anchor, Badge, Center, Grid, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBuilding, IconUser } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { useCan } from '../../app/session.ts';
import { RecordHistory } from '../audit/record-history.tsx';
import { BackLink } from '../contributions/page-parts.tsx';
import { type SupporterDetail, type SupporterRecord, supporterName, useSupporter } from './api.ts';
import { ContactBadges } from './contact-badges.tsx';
import { LifetimeFigures } from './lifetime-figures.tsx';
import { erasedHeaderActions, headerActions, mainSections, type RecordSection, sideSections } from './record/record-sections.tsx';

function Header({ s }: { s: SupporterRecord }) {
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
        {(s.erased_at ? erasedHeaderActions : headerActions).map((Action, i) => (
          <Action key={i} s={s} />
        ))}
      </Group>
    </Group>
  );
}

/** The sections this user may see, each under its anchor. */
function Sections({ s, sections }: { s: SupporterRecord; sections: RecordSection[] }) {
  return (
    <Stack gap="md">
      {sections.map(({ id, Component }) => (
        <div key={id} id={id} style={{ scrollMarginTop: 72 }}>
          <Component s={s} />
        </div>
      ))}
    </Stack>
  );
}

/** "On this page": a long record is read by jumping to the part one needs. */
function SectionLinks({ sections }: { sections: RecordSection[] }) {
  return (
    <Group component="nav" aria-label="On this page" gap="xs" wrap="wrap">
      {sections.map((section) => (
        <Anchor key={section.id} href={`#${section.id}`} size="sm">
          {section.label}
        </Anchor>
      ))}
      <Anchor href="#history" size="sm">
        History
      </Anchor>
    </Group>
  );
}

function SupporterView({ data }: { data: SupporterDetail }) {
  const s = data.supporter;
  const can = useCan();
  // An erased record is read-only: only what the books keep is shown, and nothing offers a change.
  const allowed = (list: RecordSection[]) => list.filter((section) => (!section.permission || can(section.permission)) && (!s.erased_at || section.keptAfterErase));
  const main = allowed(mainSections);
  const side = allowed(sideSections);
  return (
    <Stack gap="md">
      <BackLink to="/supporters">Supporters</BackLink>
      <Header s={s} />
      {s.erased_at && (
        <Alert color="gray" variant="light" title="Personal data erased" data-erased-notice>
          {supporterPrivacyMessages.erasedNotice(formatDateTime(s.erased_at), s.erased_by_name ?? null)}
        </Alert>
      )}
      <LifetimeFigures s={s} />
      <SectionLinks sections={[...main, ...side]} />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: side.length ? 8 : 12 }} order={{ base: 2, md: 1 }}>
          <Sections s={s} sections={main} />
        </Grid.Col>
        {/* On a phone who they are and how to reach them comes first. */}
        {side.length > 0 && (
          <Grid.Col span={{ base: 12, md: 4 }} order={{ base: 1, md: 2 }}>
            <Sections s={s} sections={side} />
          </Grid.Col>
        )}
      </Grid>
      <Paper id="history" withBorder radius="md" p={{ base: 'sm', sm: 'md' }} style={{ scrollMarginTop: 72 }}>
        <RecordHistory table="supporters" id={s.id} />
      </Paper>
    </Stack>
  );
}

/** One supporter's whole record: who they are, what they gave, what happened, what staff keep on them. */
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
