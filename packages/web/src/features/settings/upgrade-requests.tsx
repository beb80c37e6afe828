import { formatDateTime } from '@almoner/contracts';
import { Box, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { hasEdition, useEditionFlags } from '../../app/edition.ts';
import { useAjaxModal } from '../../components/ajax-modal.tsx';
import { upgradeRequestHref } from '../../components/upgrade-prompt.tsx';
import { useUpgradeRequests } from './api.ts';

/** The upgrade requests staff sent, newest first, for administrators to follow up. */
export function UpgradeRequests() {
  const requests = useUpgradeRequests();
  const flags = useEditionFlags();
  const { openAjaxModal } = useAjaxModal();
  const suggested = hasEdition(flags, 'dp') ? 'full' : 'dp';

  return (
    <Paper withBorder radius="md" data-section="upgrade-requests">
      <Group
        justify="space-between"
        wrap="wrap"
        gap="sm"
        px={{ base: 'md', sm: 'lg' }}
        py="md"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
      >
        <Box style={{ flex: '1 1 260px' }}>
          <Text fw={600}>Upgrade requests</Text>
          <Text size="sm" c="dimmed">
            Requests your staff sent for editions your plan does not include yet.
          </Text>
        </Box>
        <Button
          variant="light"
          leftSection={<IconSparkles size={16} aria-hidden />}
          onClick={() => void openAjaxModal(upgradeRequestHref(suggested))}
        >
          Request an Upgrade
        </Button>
      </Group>
      <Box px={{ base: 'md', sm: 'lg' }} py="md">
        {requests.isPending && <Loader size="sm" aria-label="Loading upgrade requests" />}
        {requests.isError && <Text c="red">{requests.error.message}</Text>}
        {requests.data?.length === 0 && (
          <Text size="sm" c="dimmed">
            No upgrade requests yet.
          </Text>
        )}
        <Stack
          gap="sm"
          component="ul"
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
          aria-label="Upgrade requests"
        >
          {requests.data?.map((request) => {
            const [headline, ...note] = request.message.split('\n');
            return (
              <li key={request.id} data-upgrade-request={request.id}>
                <Text size="sm" fw={500}>
                  {headline}
                </Text>
                {note.join('\n').trim() && (
                  <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                    {note.join('\n').trim()}
                  </Text>
                )}
                <Text size="xs" c="dimmed">
                  {request.requested_by
                    ? `${request.requested_by.name} (${request.requested_by.email})`
                    : 'A former user'}{' '}
                  · {formatDateTime(request.created_at)}
                </Text>
              </li>
            );
          })}
        </Stack>
      </Box>
    </Paper>
  );
}
