import { hasPermission, messages } from '@almoner/contracts';
import { Alert, Box, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useSession } from '../../app/session.ts';
import { usePaymentProviders } from './api.ts';
import { ProviderCard } from './provider-card.tsx';

/** Settings › Payment providers: a toggle per provider, its settings and connection tests. */
export function PaymentProvidersPage() {
  const session = useSession();
  const allowed = session.data ? hasPermission(session.data.user, 'admin.payments') : false;
  const providers = usePaymentProviders(allowed);
  return (
    <Stack gap="lg">
      <Box>
        <Title order={2}>Payment providers</Title>
        <Text c="dimmed">Turn the services that take payments on or off, and check that their credentials work.</Text>
      </Box>
      {!allowed ? (
        <Alert color="red" variant="light">
          {messages.forbidden}
        </Alert>
      ) : providers.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading payment providers" />
        </Center>
      ) : providers.isError ? (
        <Alert color="red" variant="light">
          {providers.error.message}
        </Alert>
      ) : (
        providers.data.map((provider) => <ProviderCard key={provider.provider} provider={provider} />)
      )}
    </Stack>
  );
}
