import { RecordHistory } from '../audit/record-history.tsx';
import { type Sponsor, type SponseeDetail, formatDate } from '@almoner/contracts';
import {
  Alert,
  Avatar,
  Badge,
  Button,
  Center,
  Grid,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconPencil, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { useCan } from '../../app/session.ts';
import { PermittedLink } from '../../components/permitted-link.tsx';
import { BackLink, Fact, Section } from '../contributions/page-parts.tsx';
import { TimelineWidget } from '../timeline/timeline-widget.tsx';
import { useSponsee } from './api.ts';
import { SponseeEditModal } from './sponsee-edit-modal.tsx';
import { RetireButton, RetiredNotice } from './sponsee-retire.tsx';
import { SponsorModal } from './sponsor-modal.tsx';

type Sponsee = SponseeDetail['sponsee'];

/** Whole years from a birth day to today. */
function ageOf(birth: string): number {
  const [y, m, d] = birth.split('-').map(Number) as [number, number, number];
  const now = new Date();
  const had = now.getMonth() + 1 > m || (now.getMonth() + 1 === m && now.getDate() >= d);
  return now.getFullYear() - y - (had ? 0 : 1);
}

const orDash = (value: string | null) => value || '—';

function Header({ s }: { s: Sponsee }) {
  const initials = [s.first_name, s.last_name].map((n) => n?.[0] ?? '').join('');
  return (
    <Group gap="md" wrap="nowrap" align="center">
      <Avatar
        src={s.photo?.url ?? null}
        alt={s.photo ? `Photo of ${s.full_name}` : undefined}
        size={72}
        radius="md"
        color="teal"
      >
        {initials}
      </Avatar>
      <Stack gap={4} miw={0}>
        <Title order={2} style={{ overflowWrap: 'anywhere' }}>
          {s.full_name || s.reference_number}
        </Title>
        <Group gap="xs">
          <Text size="sm" ff="monospace">
            {s.reference_number}
          </Text>
          {s.is_sponsored ? (
            <Badge color="teal">Sponsored</Badge>
          ) : (
            <Badge color="orange" variant="light">
              Waiting for a sponsor
            </Badge>
          )}
          {s.retired_at ? <Badge color="gray">Retired</Badge> : !s.is_enabled && <Badge color="gray">Disabled</Badge>}
          <Text size="sm" c="dimmed">
            {s.sponsor_count === 1 ? '1 active sponsor' : `${s.sponsor_count} active sponsors`}
            {s.is_sponsored_auto ? '' : ' · sponsored status set by hand'}
          </Text>
        </Group>
      </Stack>
    </Group>
  );
}

function ProfileSection({ s }: { s: Sponsee }) {
  const place = [s.street_number, s.street_name, s.village, s.region, s.country]
    .filter(Boolean)
    .join(', ');
  return (
    <Section title="Profile">
      <Stack gap="sm">
        <Fact label="Gender">{s.gender === 'F' ? 'Female' : s.gender === 'M' ? 'Male' : '—'}</Fact>
        <Fact label="Birth date">
          {s.birth_date ? `${formatDate(s.birth_date)} (age ${ageOf(s.birth_date)})` : '—'}
        </Fact>
        <Fact label="Enrolled">{s.enrollment_date ? formatDate(s.enrollment_date) : '—'}</Fact>
        <Fact label="Location">{orDash(place)}</Fact>
        {s.latitude && s.longitude && (
          <Fact label="Coordinates">{`${s.latitude}, ${s.longitude}`}</Fact>
        )}
        <Fact label="Project">{orDash(s.project)}</Fact>
        <Fact label="School">{orDash(s.school)}</Fact>
        <Fact label="Payment options">{orDash(s.payment_option_group)}</Fact>
        <Fact label="GL code">{orDash(s.gl_code)}</Fact>
        <Fact label="Last public update">
          {s.last_timeline_update_on ? formatDate(s.last_timeline_update_on) : 'None yet'}
        </Fact>
      </Stack>
    </Section>
  );
}

function SponsorRows({ rows, onOpen }: { rows: Sponsor[]; onOpen: (id: number) => void }) {
  const can = useCan();
  if (rows.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No sponsors yet.
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Sponsor</Table.Th>
            <Table.Th>Started</Table.Th>
            <Table.Th>Ended</Table.Th>
            <Table.Th>Source</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>
                {r.supporter && (
                  <PermittedLink
                    to={`/supporters/${r.supporter.id}`}
                    permission="member.view"
                    size="sm"
                  >
                    {r.supporter.display_name}
                  </PermittedLink>
                )}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(r.started_at)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {r.ended_at ? formatDate(r.ended_at) : '—'}
              </Table.Td>
              <Table.Td>{r.source ?? '—'}</Table.Td>
              <Table.Td>
                {r.is_active ? (
                  <Badge color="teal" variant="light">
                    {r.ended_at ? 'Active, ending' : 'Active'}
                  </Badge>
                ) : (
                  <Badge color="gray" variant="light">
                    {r.ended_at ? 'Ended' : 'Not started'}
                  </Badge>
                )}
                {r.ended_reason && (
                  <Text size="xs" c="dimmed">
                    {r.ended_reason}
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right">
                <Button
                  size="compact-sm"
                  variant="default"
                  onClick={() => onOpen(r.id as number)}
                  aria-label={`${can('sponsor.edit') ? 'Edit' : 'View'} the sponsor record of ${r.supporter?.display_name ?? 'this sponsor'}`}
                >
                  {can('sponsor.edit') ? 'Edit' : 'View'}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function SponseeView({ data }: { data: SponseeDetail }) {
  const can = useCan();
  const s = data.sponsee;
  // undefined: closed; null: adding; a number: that record.
  const [modal, setModal] = useState<number | null | undefined>(undefined);
  const [editing, setEditing] = useState(false);
  return (
    <Stack gap="md">
      <BackLink to="/sponsorships">Sponsorships</BackLink>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Header s={s} />
        {can('sponsorship.edit') && (
          <Group gap="sm" wrap="nowrap">
            <RetireButton sponsee={s} />
            <Button variant="default" leftSection={<IconPencil size={14} />} onClick={() => setEditing(true)}>
              Edit sponsee
            </Button>
          </Group>
        )}
      </Group>
      <RetiredNotice sponsee={s} />
      <SponseeEditModal detail={data} opened={editing} onClose={() => setEditing(false)} />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            <Section
              title="Sponsors"
              action={
                can('sponsor.add') &&
                !s.retired_at && (
                  <Button
                    size="xs"
                    leftSection={<IconUserPlus size={14} />}
                    onClick={() => setModal(null)}
                  >
                    Add sponsor
                  </Button>
                )
              }
            >
              <SponsorRows rows={data.sponsors} onOpen={setModal} />
            </Section>
            <TimelineWidget
              parentType="sponsorship"
              parentId={s.id}
              editPermission="sponsorship.edit"
            />
            <Section title="Biography">
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {s.biography || 'No biography yet.'}
              </Text>
            </Section>
            {s.private_notes && (
              <Section title="Private notes">
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {s.private_notes}
                </Text>
              </Section>
            )}
            <RecordHistory table="sponsorships" id={s.id} description="Changes to this sponsee's own fields." />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            <ProfileSection s={s} />
            <Section title="Segments">
              {data.segments.length === 0 ? (
                <Text size="sm" c="dimmed">
                  None.
                </Text>
              ) : (
                <Stack gap="sm">
                  {data.segments.map((g) => (
                    <Fact key={g.name} label={g.name}>
                      {(g.type === 'date' ? g.values.map((v) => formatDate(v)) : g.values).join(', ')}
                    </Fact>
                  ))}
                </Stack>
              )}
            </Section>
          </Stack>
        </Grid.Col>
      </Grid>
      <SponsorModal
        opened={modal !== undefined}
        sponsorshipId={s.id}
        sponsorId={modal ?? null}
        onClose={() => setModal(undefined)}
      />
    </Stack>
  );
}

/** One sponsee: who they are, their sponsors (add, end, delete) and their timeline. */
export function SponseePage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useSponsee(valid ? id : null);
  if (!valid)
    return (
      <Alert color="red" title="Could not load">
        This sponsee does not exist.
      </Alert>
    );
  if (query.isPending) {
    return (
      <Center h={240}>
        <Loader aria-label="Loading sponsee" />
      </Center>
    );
  }
  if (query.isError) {
    return (
      <Stack gap="md">
        <BackLink to="/sponsorships">Sponsorships</BackLink>
        <Alert color="red" role="alert" title="Could not load">
          {query.error.message}
        </Alert>
      </Stack>
    );
  }
  return <SponseeView data={query.data} />;
}
