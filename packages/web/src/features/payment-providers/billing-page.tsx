import { billingPlans, formatDate, formatMoney, hasPermission, messages, type BillingSubscription } from '@almoner/contracts';
import { Alert, Badge, Box, Button, Center, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '../../app/session.ts';
import { toast } from '../../components/toast.ts';
import { useBilling, useBillingCheckout, useCompleteBilling } from './api.ts';

/**
 * Back from the hosted page (`?id=…&state=…`): ask the server to record what the billing provider
 * says happened, once, then clean the address so a reload does not repeat it.
 */
function useReturnFromCheckout(allowed: boolean) {
  const [params, setParams] = useSearchParams();
  const complete = useCompleteBilling();
  const handled = useRef(false);
  const id = params.get('id');
  const state = params.get('state');
  useEffect(() => {
    if (!allowed || !id || handled.current) return;
    handled.current = true;
    setParams({}, { replace: true });
    if (state !== 'succeeded') {
      toast.info('The checkout was cancelled. No subscription was started.');
      return;
    }
    complete.mutate(id, {
      onSuccess: (answer) => toast.success(answer.message),
      onError: (error) => toast.error(error.message),
    });
  }, [allowed, id, state, setParams, complete]);
  return complete.isPending;
}

function CurrentPlan({ subscription }: { subscription: BillingSubscription | null }) {
  if (!subscription) return <Text c="dimmed">No subscription yet. Choose a plan below.</Text>;
  return (
    <Paper withBorder radius="md" p="md" aria-label="Current subscription" component="section">
      <Group gap="xs">
        <Text fw={600}>{subscription.plan_name}</Text>
        <Badge color="teal" variant="light" style={{ textTransform: 'none' }}>
          {subscription.status}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed">
        Started {formatDate(subscription.started_at)}
        {subscription.started_by ? ` by ${subscription.started_by}` : ''} · reference {subscription.subscription_ref}
      </Text>
    </Paper>
  );
}

/** Settings › Billing: the organisation's Almoner plan, bought on the billing provider's hosted page. */
export function BillingPage() {
  const session = useSession();
  const allowed = session.data ? hasPermission(session.data.user, 'admin.billing') : false;
  const billing = useBilling(allowed);
  const completing = useReturnFromCheckout(allowed);
  const checkout = useBillingCheckout();
  const handleSubscribe = async (planId: string) => {
    try {
      const page = await checkout.mutateAsync(planId);
      window.location.assign(page.url);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : messages.settingsFailed);
    }
  };
  return (
    <Stack gap="lg">
      <Box>
        <Title order={2}>Billing</Title>
        <Text c="dimmed">Your organisation’s Almoner plan. Checkout opens the billing provider’s secure page.</Text>
      </Box>
      {!allowed ? (
        <Alert color="red" variant="light">
          {messages.forbidden}
        </Alert>
      ) : billing.isPending || completing ? (
        <Center py="xl">
          <Loader aria-label="Loading billing" />
        </Center>
      ) : billing.isError ? (
        <Alert color="red" variant="light">
          {billing.error.message}
        </Alert>
      ) : (
        <>
          <CurrentPlan subscription={billing.data} />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {billingPlans.map((plan) => (
              <Paper key={plan.id} withBorder radius="md" p="md" data-plan={plan.id}>
                <Stack gap="xs">
                  <Text fw={600} component="h3" m={0} size="md">
                    {plan.name}
                  </Text>
                  <Text size="sm">
                    {formatMoney(plan.amount, plan.currency)} a {plan.period}
                  </Text>
                  {billing.data?.plan_id === plan.id ? (
                    <Button variant="light" disabled>
                      Current plan
                    </Button>
                  ) : (
                    <Button
                      onClick={() => void handleSubscribe(plan.id)}
                      loading={checkout.isPending && checkout.variables === plan.id}
                      aria-label={`Subscribe to ${plan.name}`}
                    >
                      Subscribe
                    </Button>
                  )}
                </Stack>
              </Paper>
            ))}
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
