import { formatDateTime, formatMoney, giftMessages, toMinor, type GiftLinkView, type GiftPaid } from '@almoner/contracts';
import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { useParams } from 'react-router';
import { CardFields, type CardFieldsHandle } from '../../components/card-fields/index.ts';
import { api } from '../../lib/api.ts';
import { AuthCard, LinkPageState } from '../auth/auth-card.tsx';

/**
 * The page a text-to-give link opens (public: the supporter is not signed in; the link's
 * signature is the key). It shows the gift chosen by text and takes the card through the
 * gateway's hosted card fields; Almoner only ever sees the capture token. A paid link shows the
 * thank-you, and paying again charges nothing more (the server completes the gift once).
 */
export function GiftPage() {
  const { token = '' } = useParams();
  const path = `/jpanel/api/v1/give/${encodeURIComponent(token)}`;
  const gift = useQuery({ queryKey: ['gift', token], queryFn: () => api<GiftLinkView>(path), retry: false });
  const card = useRef<CardFieldsHandle>(null);
  const pay = useMutation({
    mutationFn: async () => {
      const { token: cardToken } = await card.current!.tokenize();
      return api<GiftPaid>(`${path}/pay`, { method: 'POST', body: { token: cardToken } });
    },
  });

  if (gift.isPending || gift.isError) return <LinkPageState query={gift} loading="Loading your gift" />;
  const view = gift.data;
  const amount = formatMoney(toMinor(view.amount, view.currency), view.currency);
  const done = pay.data ?? (view.paid ? { message: giftMessages.paid(amount, view.organisation), invoice_number: view.paid.invoice_number } : null);
  return (
    <AuthCard width={440}>
      <Stack>
        <Title order={1} size="h3">{view.first_name ? `Thank you, ${view.first_name}!` : 'Thank you!'}</Title>
        <Text>Your gift to {view.organisation}</Text>
        <Text fz={32} fw={700}>{amount}</Text>
        {done ? (
          <Alert color="teal" role="status" title={done.message}>
            {done.invoice_number && `Your reference is ${done.invoice_number}.`}
          </Alert>
        ) : (
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              pay.mutate();
            }}
          >
            <Stack>
              <CardFields ref={card} gateway={view.gateway} publishableKey={view.publishable_key} onSubmit={() => pay.mutate()} />
              {pay.isError && <Alert color="red" role="alert">{pay.error.message}</Alert>}
              <Button type="submit" loading={pay.isPending}>Give {amount}</Button>
              <Text size="xs" c="dimmed">This secure link was sent to your phone and works until {formatDateTime(view.expires_at)}.</Text>
            </Stack>
          </form>
        )}
      </Stack>
    </AuthCard>
  );
}
