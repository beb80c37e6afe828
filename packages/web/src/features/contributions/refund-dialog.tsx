import { contributionNumber, contributionRefundMessages, formatAmount, toMinor } from '@almoner/contracts';
import { Button, Group, Modal, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { toast } from '../../components/toast.ts';
import { ApiError } from '../../lib/api.ts';
import { type ContributionRecord, useRefundContribution } from './api.ts';

/** The typed amount checked as the server checks it, so the message shows before a round trip. */
function checkAmount(text: string, c: ContributionRecord): string | null {
  let minor: number;
  try {
    minor = toMinor(text.trim() || '0', c.currency_code);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  const left = toMinor(c.refundable_amount, c.currency_code);
  if (minor <= 0) return contributionRefundMessages.mustBePositive(c.currency_code);
  if (minor > toMinor(c.total_amount, c.currency_code)) return contributionRefundMessages.exceedsTotal(formatAmount(c.total_amount, c.currency_code));
  if (minor > left) return contributionRefundMessages.exceedsLeft(formatAmount(c.refundable_amount, c.currency_code));
  return null;
}

/**
 * Refund what is left, or a part of it, from the contribution's page. The server decides (the
 * shared refund service, with the payment locked); this form only says early what it would refuse.
 * A refund cannot be undone, so focus starts on Cancel.
 */
export function RefundDialog({ c, opened, onClose }: { c: ContributionRecord; opened: boolean; onClose: () => void }) {
  const refund = useRefundContribution();
  const [type, setType] = useState<'full' | 'custom'>('full');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const left = formatAmount(c.refundable_amount, c.currency_code);

  const submit = async () => {
    if (type === 'custom') {
      const problem = checkAmount(amount, c);
      if (problem) return setError(problem);
    }
    try {
      const { message } = await refund.mutateAsync({ id: c.id, body: type === 'full' ? { refund_type: 'full' } : { refund_type: 'custom', amount: amount.trim() } });
      toast.success(message);
      setAmount('');
      setType('full');
      onClose();
    } catch (e) {
      if (e instanceof ApiError && e.errors?.amount?.[0]) return setError(e.errors.amount[0]);
      toast.error(e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={`Refund contribution ${contributionNumber(c.id)}`} centered>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <Text size="sm">
            {left} of {formatAmount(c.total_amount, c.currency_code)} is left to refund. A refund voids the tax receipt, if there is one.
          </Text>
          <Radio.Group label="Refund" value={type} onChange={(v) => { setType(v === 'custom' ? 'custom' : 'full'); setError(null); }}>
            <Stack gap={6} mt={4}>
              <Radio value="full" label={`Everything left (${left})`} />
              <Radio value="custom" label="Part of it" />
            </Stack>
          </Radio.Group>
          {type === 'custom' && (
            <TextInput
              label={`Amount (${c.currency_code})`}
              inputMode="decimal"
              required
              value={amount}
              onChange={(e) => { setAmount(e.currentTarget.value); setError(null); }}
              error={error}
            />
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose} data-autofocus>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={refund.isPending}>
              Refund
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
