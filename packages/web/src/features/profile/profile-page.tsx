import { Center, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useSession } from '../../app/session.ts';
import { TwoFactorPanel } from './two-factor-panel.tsx';

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text>{value}</Text>
    </div>
  );
}

/** The signed-in user's own page: who they are, and their second factor. */
export function ProfilePage() {
  const session = useSession();
  const user = session.data?.user;
  if (!user) {
    return (
      <Center h={200}>
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  return (
    <Stack gap="lg" maw={900}>
      <Title order={2}>Your profile</Title>
      <Paper withBorder p="lg">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Field label="Name" value={`${user.first_name} ${user.last_name}`} />
          <Field label="Email" value={user.email} />
        </SimpleGrid>
      </Paper>
      <TwoFactorPanel user={user} />
    </Stack>
  );
}
