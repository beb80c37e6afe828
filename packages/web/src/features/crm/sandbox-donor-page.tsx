import { Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router';
import { BackLink } from '../contributions/page-parts.tsx';
import { DonorDetails } from './donor-modal.tsx';
import { GiftModal } from './gift-modal.tsx';

/** Where the sandbox CRM's "Open in the donor CRM" links lead: its donor screen. */
export function SandboxDonorPage() {
  const { id = '' } = useParams();
  const [gift, setGift] = useState<string | null>(null);
  return (
    <Stack gap="md">
      <BackLink to="/supporters">Supporters</BackLink>
      <div>
        <Title order={2}>{`Sandbox CRM donor ${id}`}</Title>
        <Text size="sm" c="dimmed">
          The built-in sandbox donor CRM, as a real CRM would show this donor.
        </Text>
      </div>
      <DonorDetails request={{ id }} onOpenGift={setGift} />
      <GiftModal id={gift} onClose={() => setGift(null)} />
    </Stack>
  );
}
