import { Stack, Text, Title } from '@mantine/core';
import { useSession } from './session.ts';

export function HomePage() {
  const session = useSession();
  return (
    <Stack>
      <Title order={2}>Welcome, {session.data?.user.first_name}</Title>
      <Text c="dimmed">{session.data?.org_name}</Text>
    </Stack>
  );
}
