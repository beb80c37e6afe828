import { type PaymentMethodAction, paymentMethodLabel, type SupporterPaymentMethod } from '@almoner/contracts';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconCreditCard, IconBuildingBank } from '@tabler/icons-react';
import { useCan } from '../../../app/session.ts';
import { confirm } from '../../../components/dialogs.tsx';
import { toast } from '../../../components/toast.ts';
import { Section } from '../../contributions/page-parts.tsx';
import type { SupporterRecord } from '../api.ts';
import { useChangePaymentMethod, usePaymentMethods } from './record-api.ts';
import { SectionBody } from './section-body.tsx';

function Method({ m, canEdit, busy, onChange }: { m: SupporterPaymentMethod; canEdit: boolean; busy: boolean; onChange: (action: PaymentMethodAction) => void }) {
  const Icon = m.type === 'bank' ? IconBuildingBank : IconCreditCard;
  const name = paymentMethodLabel(m);
  return (
    <Group justify="space-between" gap="xs" align="flex-start" role="listitem" aria-label={name}>
      <Group gap="xs" wrap="nowrap" align="flex-start" miw={0}>
        <Icon size={20} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
        <Stack gap={0} miw={0}>
          <Group gap={6}>
            <Text size="sm" fw={500}>
              {name}
            </Text>
            {m.use_as_default && (
              <Badge size="xs" variant="light" color="teal">
                Default
              </Badge>
            )}
            {m.is_expired && (
              <Badge size="xs" variant="light" color="red">
                Expired
              </Badge>
            )}
            {m.status !== 'ACTIVE' && (
              <Badge size="xs" variant="light" color="gray">
                {m.status.toLowerCase()}
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {m.expires ? `Expires ${m.expires}` : 'No expiry'}
            {m.used_by_profiles.length > 0 && ` · pays recurring profile ${m.used_by_profiles.map((p) => `#${p}`).join(', ')}`}
          </Text>
        </Stack>
      </Group>
      {canEdit && (
        <Group gap={6}>
          {!m.use_as_default && m.status === 'ACTIVE' && !m.is_expired && (
            <Button size="compact-sm" variant="default" disabled={busy} onClick={() => onChange('default')} aria-label={`Make default: ${name}`}>
              Make default
            </Button>
          )}
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            disabled={busy || m.used_by_profiles.length > 0}
            title={m.used_by_profiles.length > 0 ? 'Give its recurring profiles another payment method first.' : undefined}
            onClick={() => onChange('remove')}
            aria-label={`Remove: ${name}`}
          >
            Remove
          </Button>
        </Group>
      )}
    </Group>
  );
}

/** Saved cards and bank accounts: which one is the default, and removing one the donor no longer wants kept. */
export function PaymentMethodsSection({ s }: { s: SupporterRecord }) {
  const can = useCan();
  const query = usePaymentMethods(s.id);
  const change = useChangePaymentMethod(s.id);
  const run = async (m: SupporterPaymentMethod, action: PaymentMethodAction) => {
    if (action === 'remove') {
      const name = paymentMethodLabel(m);
      const asked = await confirm({ title: 'Remove payment method', message: `Remove ${name}? It can no longer be charged.`, confirmLabel: 'Remove', danger: true });
      if (!asked) return;
    }
    change.mutate({ methodId: m.id, action }, { onSuccess: (answer) => toast.success(answer.message), onError: (error) => toast.error(error.message) });
  };
  return (
    <Section title="Payment methods">
      <SectionBody query={query} loading="Loading payment methods" empty="No saved cards or bank accounts." isEmpty={(d) => d.length === 0}>
        {(rows) => (
          <Stack gap="sm" role="list" aria-label="Saved payment methods">
            {rows.map((m) => (
              <Method key={m.id} m={m} canEdit={can('member.edit')} busy={change.isPending} onChange={(action) => void run(m, action)} />
            ))}
          </Stack>
        )}
      </SectionBody>
    </Section>
  );
}
