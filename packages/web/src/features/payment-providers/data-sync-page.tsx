import { dataSyncMessages, formatDateTime, hasPermission, messages, type DataSyncConnector } from '@almoner/contracts';
import { Alert, Badge, Box, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useSession } from '../../app/session.ts';
import { confirm } from '../../components/dialogs.tsx';
import { toast } from '../../components/toast.ts';
import { useDataSyncConnectors, useSetDataSync } from './api.ts';

function ConnectorRow({ connector }: { connector: DataSyncConnector }) {
  const change = useSetDataSync();
  const handleConnect = async () => {
    try {
      toast.success((await change.mutateAsync({ target: connector.target, connect: true })).message);
    } catch (error) {
      // Spec part 1 §8: a failed link shows the server's message.
      toast.error(error instanceof Error && error.message ? error.message : dataSyncMessages.unlinkFailed);
    }
  };
  const handleDisconnect = async () => {
    const confirmed = await confirm({
      title: `Disconnect ${connector.label}?`,
      message: `Almoner stops syncing supporters and contributions to ${connector.label} until it is connected again.`,
      confirmLabel: 'Disconnect',
      danger: true,
    });
    if (!confirmed) return;
    try {
      toast.success((await change.mutateAsync({ target: connector.target, connect: false })).message);
    } catch {
      // Spec part 1 §8: "for unlink 'An error occurred, please try again'".
      toast.error(dataSyncMessages.unlinkFailed);
    }
  };
  return (
    <Paper withBorder radius="md" p="md" data-connector={connector.target}>
      <Group justify="space-between" wrap="wrap">
        <div>
          <Group gap="xs">
            <Text fw={600} component="h3" m={0} size="md">
              {connector.label}
            </Text>
            <Badge variant="light" color={connector.linked ? 'teal' : 'gray'} style={{ textTransform: 'none' }}>
              {connector.linked ? 'Connected' : 'Not connected'}
            </Badge>
          </Group>
          {connector.changed_at && (
            <Text size="xs" c="dimmed">
              {connector.linked ? 'Connected' : 'Disconnected'} {formatDateTime(connector.changed_at)}
            </Text>
          )}
        </div>
        {connector.linked ? (
          <Button variant="default" color="red" loading={change.isPending} onClick={() => void handleDisconnect()}>
            Disconnect {connector.label}
          </Button>
        ) : (
          <Button loading={change.isPending} onClick={() => void handleConnect()}>
            Connect {connector.label}
          </Button>
        )}
      </Group>
    </Paper>
  );
}

/** Settings › Data sync: link or unlink the systems supporters and contributions sync to (spec part 1 §2). */
export function DataSyncPage() {
  const session = useSession();
  const allowed = session.data ? hasPermission(session.data.user, 'admin.general') : false;
  const connectors = useDataSyncConnectors(allowed);
  return (
    <Stack gap="lg">
      <Box>
        <Title order={2}>Data sync</Title>
        <Text c="dimmed">Connect the CRM and mailing systems your supporters and contributions sync to.</Text>
      </Box>
      {!allowed ? (
        <Alert color="red" variant="light">
          {messages.forbidden}
        </Alert>
      ) : connectors.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading connectors" />
        </Center>
      ) : connectors.isError ? (
        <Alert color="red" variant="light">
          {connectors.error.message}
        </Alert>
      ) : (
        connectors.data.map((c) => <ConnectorRow key={c.target} connector={c} />)
      )}
    </Stack>
  );
}
