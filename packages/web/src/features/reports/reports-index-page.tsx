import { Anchor, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useCan } from '../../app/session.ts';
import { reportLinks } from './report-links.ts';

/** The reports this user may open, each with what it shows. */
export function ReportsIndexPage() {
  const can = useCan();
  const links = reportLinks.filter((r) => can(r.permission));
  return (
    <Stack gap="md">
      <Title order={2}>Reports</Title>
      {links.length === 0 && <Text>You have no reports to open. Ask an administrator for access.</Text>}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {links.map((r) => (
          <Paper key={r.to} withBorder radius="md" p="md">
            <Anchor component={Link} to={r.to} fw={600}>
              {r.label}
            </Anchor>
            <Text size="sm" c="dimmed">
              {r.description}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
