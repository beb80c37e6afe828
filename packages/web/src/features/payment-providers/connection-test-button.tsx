import { paymentProviderMessages } from '@almoner/contracts';
import { Badge, Button, Group, Text } from '@mantine/core';
import { useConnectionTest, type connectionTestUrls } from './api.ts';

/**
 * A Test button that shows Works! or Failed! (spec part 2 §2, §8), with the service's reason.
 * The server tests the saved settings, so the card turns the button off while its form holds
 * changes not yet saved (a test then would answer for the old ones).
 */
export function ConnectionTestButton({ test, label, disabled = false }: { test: keyof typeof connectionTestUrls; label: string; disabled?: boolean }) {
  const run = useConnectionTest(test);
  // A test that could not even be asked (signed out, no permission) failed too.
  const result = run.isError ? { works: false, message: paymentProviderMessages.testFailed, reason: run.error.message } : run.data;
  return (
    <Group gap="sm" wrap="nowrap" align="center">
      <Button variant="default" size="sm" loading={run.isPending} disabled={disabled} onClick={() => run.mutate()}>
        {label}
      </Button>
      <div aria-live="polite">
        {result && !run.isPending && (
          <Group gap={6} wrap="nowrap">
            <Badge color={result.works ? 'teal' : 'red'} variant="light" style={{ textTransform: 'none' }} data-test-result={test}>
              {result.message}
            </Badge>
            {result.reason && (
              <Text size="xs" c="dimmed">
                {result.reason}
              </Text>
            )}
          </Group>
        )}
      </div>
    </Group>
  );
}
