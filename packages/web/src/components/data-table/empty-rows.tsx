import { Anchor, Stack, Text } from '@mantine/core';

type Props = { text?: string | undefined; narrowed: boolean; onClear: () => void };

/** No rows: says so, and when a search or filter narrowed the list, offers to clear them. */
export function EmptyRows({ text, narrowed, onClear }: Props) {
  return (
    <Stack align="center" gap={4} py="xl">
      <Text fw={500}>{text ?? 'No rows match.'}</Text>
      {narrowed && (
        <Anchor component="button" type="button" onClick={onClear}>
          Clear search and filters
        </Anchor>
      )}
    </Stack>
  );
}
