import type { CrmDonor, CrmGift } from '@almoner/contracts';
import { formatDate } from '@almoner/contracts';
import { Alert, Anchor, Center, Group, Loader, Table, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';

/** CRM amounts are in the CRM's own currency, which it does not tell us: two decimals, no symbol. */
export const crmAmount = (n: number) => new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);

export const donorName = (d: CrmDonor) => [d.first_name, d.last_name].filter(Boolean).join(' ') || `Donor ${d.donor_id}`;

/** "Open in the CRM": a new tab for DonorPerfect, the app's own sandbox page otherwise. */
export function LinkOut({ url, label }: { url: string | null; label: string }) {
  if (!url) return null;
  const external = /^https?:/i.test(url);
  return (
    <Anchor href={url} size="sm" {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
      <Group gap={4} wrap="nowrap" component="span">
        {label}
        <IconExternalLink size={14} aria-hidden />
      </Group>
    </Anchor>
  );
}

export function Loading({ what }: { what: string }) {
  return (
    <Center h={160} role="status" aria-label={`Loading ${what}`}>
      <Loader aria-hidden />
    </Center>
  );
}

export function LoadError({ error }: { error: Error }) {
  return (
    <Alert color="red" role="alert" title="Could not load">
      {error.message}
    </Alert>
  );
}

export function GiftTable({ gifts, caption, onOpenGift }: { gifts: CrmGift[]; caption: string; onOpenGift?: ((id: string) => void) | undefined }) {
  if (gifts.length === 0) return <Text size="sm" c="dimmed">{`No ${caption.toLowerCase()}.`}</Text>;
  return (
    <Table verticalSpacing={4} fz="sm" aria-label={caption}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Gift ID</Table.Th>
          <Table.Th>Date</Table.Th>
          <Table.Th>GL code</Table.Th>
          <Table.Th ta="right">Amount</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {gifts.map((g) => (
          <Table.Tr key={g.gift_id}>
            <Table.Td>
              {onOpenGift ? (
                <Anchor component="button" type="button" size="sm" onClick={() => onOpenGift(g.gift_id)}>
                  {g.gift_id}
                </Anchor>
              ) : (
                g.gift_id
              )}
            </Table.Td>
            <Table.Td>{formatDate(g.gift_date) || g.gift_date}</Table.Td>
            <Table.Td>{g.gl_code || '—'}</Table.Td>
            <Table.Td ta="right">{crmAmount(g.amount)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
