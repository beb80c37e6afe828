import { Stack } from '@mantine/core';
import { Section } from '../../contributions/page-parts.tsx';
import { AddressBlock } from '../address-block.tsx';
import type { SupporterRecord } from '../api.ts';

export function AddressesSection({ s }: { s: SupporterRecord }) {
  return (
    <Section title="Addresses">
      <Stack gap="sm">
        <AddressBlock title="Billing" record={s} prefix="bill" />
        <AddressBlock title="Shipping" record={s} prefix="ship" />
      </Stack>
    </Section>
  );
}
