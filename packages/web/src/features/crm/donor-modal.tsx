import { Anchor, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { type DonorRequest, useDonorView } from './api.ts';
import { Fact } from '../../components/fact.tsx';
import { GiftTable, LinkOut, LoadError, Loading, donorName } from './crm-parts.tsx';
import { GiftModal } from './gift-modal.tsx';

/** The donor's record, gifts, pledges and look-alikes (POST /jpanel/donors/view). */
export function DonorDetails({ request, onOpenDonor, onOpenGift }: { request: DonorRequest; onOpenDonor?: (id: string) => void; onOpenGift?: (id: string) => void }) {
  const query = useDonorView(request);
  if (query.isPending) return <Loading what="donor" />;
  if (query.isError) return <LoadError error={query.error} />;
  const { donor, gifts, pledges, similar } = query.data;
  const place = [donor.address, donor.city, donor.state, donor.zip, donor.country].filter(Boolean).join(', ');
  return (
    <Stack gap="md">
      <Stack gap={6}>
        <Fact label="Donor ID">{donor.donor_id}</Fact>
        <Fact label="Name">{donorName(donor)}</Fact>
        <Fact label="Email">{donor.email || '—'}</Fact>
        <Fact label="Address">{place || '—'}</Fact>
        <LinkOut url={donor.url} label="Open in the donor CRM" />
      </Stack>
      <Stack gap={4}>
        <Title order={4}>Latest gifts</Title>
        <GiftTable gifts={gifts} caption="Gifts" onOpenGift={onOpenGift} />
      </Stack>
      {pledges.length > 0 && (
        <Stack gap={4}>
          <Title order={4}>Pledges</Title>
          <GiftTable gifts={pledges} caption="Pledges" onOpenGift={onOpenGift} />
        </Stack>
      )}
      <Stack gap={4}>
        <Title order={4}>Other donors with this name or email</Title>
        {similar.length === 0 ? (
          <Text size="sm" c="dimmed">None found.</Text>
        ) : (
          <Table verticalSpacing={4} fz="sm" aria-label="Other donors">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Donor ID</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th>Email</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {similar.map((d) => (
                <Table.Tr key={d.donor_id}>
                  <Table.Td>
                    {onOpenDonor ? (
                      <Anchor component="button" type="button" size="sm" onClick={() => onOpenDonor(d.donor_id)}>
                        {d.donor_id}
                      </Anchor>
                    ) : (
                      d.donor_id
                    )}
                  </Table.Td>
                  <Table.Td>{donorName(d)}</Table.Td>
                  <Table.Td>{d.email || '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Stack>
  );
}

/** The donor modal (spec part 2 §2): ids, link out, loading state; a gift opens the gift modal. */
export function DonorModal({ request, onClose }: { request: DonorRequest | null; onClose: () => void }) {
  // A look-alike donor opens in the same modal; closing forgets it.
  const [other, setOther] = useState<DonorRequest | null>(null);
  const [gift, setGift] = useState<string | null>(null);
  const current = request ? (other ?? request) : null;
  const close = () => {
    setOther(null);
    onClose();
  };
  return (
    <>
      <Modal opened={current !== null && gift === null} onClose={close} title={current ? `Donor ${current.id}` : 'Donor'} size="lg" centered>
        {current && <DonorDetails request={current} onOpenDonor={(id) => setOther({ id })} onOpenGift={setGift} />}
      </Modal>
      <GiftModal id={gift} onClose={() => setGift(null)} />
    </>
  );
}
