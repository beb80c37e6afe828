import { formatDate } from '@almoner/contracts';
import { Modal, Stack } from '@mantine/core';
import { useGiftView } from './api.ts';
import { Fact } from '../../components/fact.tsx';
import { LinkOut, LoadError, Loading, crmAmount, donorName } from './crm-parts.tsx';

function GiftDetails({ id }: { id: string }) {
  const query = useGiftView(id);
  if (query.isPending) return <Loading what="gift" />;
  if (query.isError) return <LoadError error={query.error} />;
  const { gift, donor } = query.data;
  return (
    <Stack gap={6}>
      <Fact label="Gift ID">{gift.gift_id}</Fact>
      <Fact label="Donor ID">{gift.donor_id}</Fact>
      {donor && <Fact label="Donor">{donorName(donor)}</Fact>}
      <Fact label="Type">{gift.record_type === 'P' ? 'Pledge' : 'Gift'}</Fact>
      <Fact label="Date">{formatDate(gift.gift_date) || gift.gift_date}</Fact>
      <Fact label="Amount">{crmAmount(gift.amount)}</Fact>
      <Fact label="GL code">{gift.gl_code || '—'}</Fact>
      <Fact label="Campaign">{gift.campaign || '—'}</Fact>
      <Fact label="Solicitation">{gift.solicit_code || '—'}</Fact>
      <Fact label="Reference">{gift.reference || '—'}</Fact>
      <Fact label="Narrative">{gift.gift_narrative || '—'}</Fact>
      <LinkOut url={gift.url} label="Open in the donor CRM" />
    </Stack>
  );
}

/** The gift modal (POST /jpanel/donors/gift): the CRM's gift and its donor, with a link out. */
export function GiftModal({ id, onClose }: { id: string | null; onClose: () => void }) {
  return (
    <Modal opened={id !== null} onClose={onClose} title={id ? `Gift ${id}` : 'Gift'} size="md" centered>
      {id && <GiftDetails id={id} />}
    </Modal>
  );
}
