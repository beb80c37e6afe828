import { posMessages } from '@almoner/contracts';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { Receipt } from './use-payment-submit.ts';

/** The dialog's last screen: 'Contribution #… Complete!', what became of a guest's donor, and where to go next. */
export function PaymentFinished({ receipt, onClose }: { receipt: Receipt; onClose: () => void }) {
  return (
    <Stack align="center" gap="md" py="md">
      <IconCircleCheck size={48} color="var(--mantine-color-teal-6)" aria-hidden />
      <Title order={3} size="h4" ta="center" style={{ overflowWrap: 'anywhere' }}>
        {posMessages.complete(receipt.invoicenumber)}
      </Title>
      {receipt.supporterMessage && (
        <Text size="sm" ta="center" role="status">
          {receipt.supporterMessage}
        </Text>
      )}
      <Group>
        <Button component={Link} to={`/contributions/${encodeURIComponent(receipt.invoicenumber)}`} variant="light">
          View
        </Button>
        <Button component="a" href={`/jpanel/contributions/packing_slip?print&id=${receipt.id}`} target="_blank" rel="noopener" variant="light">
          Print
        </Button>
        <Button onClick={onClose} data-autofocus>
          Close
        </Button>
      </Group>
    </Stack>
  );
}
