import { Button, Group, Paper, Text } from '@mantine/core';
import { IconPlugConnected } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useCan } from '../../app/session.ts';

/** On the editions tab: the way to the donor CRM's connection and its test (staff with admin.dpo). */
export function CrmConnectionLink() {
  const can = useCan();
  if (!can('admin.dpo')) return null;
  return (
    <Paper withBorder radius="md" px={{ base: 'md', sm: 'lg' }} py="md">
      <Group justify="space-between" gap="sm">
        <div>
          <Text fw={600}>Donor CRM connection</Text>
          <Text size="sm" c="dimmed">
            Which donor CRM gifts go to, its credentials and a connection test.
          </Text>
        </div>
        <Button component={Link} to="/settings/donor-crm" variant="light" leftSection={<IconPlugConnected size={16} aria-hidden />}>
          Donor CRM settings
        </Button>
      </Group>
    </Paper>
  );
}
