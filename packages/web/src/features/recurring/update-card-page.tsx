import { type CardUpdated, type CardUpdateView, formatAmount, formatDateTime } from '@almoner/contracts';
import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { useParams } from 'react-router';
import { CardFields, type CardFieldsHandle } from '../../components/card-fields/index.ts';
import { api } from '../../lib/api.ts';
import { AuthCard, LinkPageState } from '../auth/auth-card.tsx';

/**
 * The page a donor's "update your card" link opens (public: the link's signature is the key).
 * It names the gift and the card it uses now, and takes the new card through the gateway's card
 * fields; Almoner only ever sees the capture token.
 */
export function UpdateCardPage() {
  const { token = '' } = useParams();
  const path = `/jpanel/api/v1/update-card/${encodeURIComponent(token)}`;
  const gift = useQuery({ queryKey: ['update-card', token], queryFn: () => api<CardUpdateView>(path), retry: false });
  const card = useRef<CardFieldsHandle>(null);
  const save = useMutation({
    mutationFn: async () => {
      const { token: captured } = await card.current!.tokenize();
      const answer = await api<CardUpdated>(path, { method: 'POST', body: { token: captured } });
      if (!answer.authenticate) return answer;
      // The donor's bank asks them to confirm the card: its challenge, then the card again with the confirmed set-up.
      const fields = card.current;
      if (!fields?.authenticate) throw new Error(answer.message);
      await fields.authenticate(answer.authenticate.client_secret);
      return api<CardUpdated>(path, { method: 'POST', body: { token: captured, setup_intent: answer.authenticate.setup_intent } });
    },
  });

  if (gift.isPending || gift.isError) return <LinkPageState query={gift} loading="Loading your gift" />;
  const view = gift.data;
  return (
    <AuthCard width={440}>
      <Stack>
        <Title order={1} size="h3">{view.first_name ? `Update your card, ${view.first_name}` : 'Update your card'}</Title>
        <Text>
          Your recurring gift #{view.profile_number} to {view.organisation}: {formatAmount(view.amount, view.currency)}, {view.schedule.toLowerCase()}.
        </Text>
        {view.current_card && <Text size="sm" c="dimmed">It is paid by {view.current_card} now.</Text>}
        {save.data ? (
          <Alert color="teal" role="status" title={save.data.message} />
        ) : (
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              save.mutate();
            }}
          >
            <Stack>
              <CardFields ref={card} gateway={view.gateway} publishableKey={view.publishable_key} onSubmit={() => save.mutate()} />
              {save.isError && <Alert color="red" role="alert">{save.error.message}</Alert>}
              <Button type="submit" loading={save.isPending}>Use this card</Button>
              <Text size="xs" c="dimmed">This secure link was e-mailed to you and works until {formatDateTime(view.expires_at)}.</Text>
            </Stack>
          </form>
        )}
      </Stack>
    </AuthCard>
  );
}
