import { formatDate, type SupporterOption } from '@almoner/contracts';
import {
  Avatar,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBuilding, IconSearch, IconUser } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ContactBadges } from '../../supporters/contact-badges.tsx';
import { fetchPicker, posKeys } from '../api.ts';
import type { PosOrder } from '../pos-types.ts';

type Props = {
  order: PosOrder | null;
  onChoose: (memberId: number | null) => Promise<unknown>;
  onClose: () => void;
};

/** The supporter picker: who this contribution is from, or a guest. */
export function AccountModal({ order, onChoose, onClose }: Props) {
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query.trim(), 300);
  const [saving, setSaving] = useState(false);
  const results = useQuery({
    queryKey: posKeys.picker('supporters', debounced),
    queryFn: () => fetchPicker<SupporterOption>('/jpanel/supporters.json', debounced),
    enabled: debounced.length > 0,
  });
  const choose = (id: number | null) => {
    setSaving(true);
    onChoose(id)
      .then(onClose)
      .catch(() => setSaving(false));
  };
  return (
    <Modal opened onClose={onClose} title="Supporter" size="lg">
      <Stack gap="md">
        <TextInput
          label="Find a supporter"
          placeholder="Name, email or phone"
          data-autofocus
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={results.isFetching ? <Loader size="xs" aria-label="Searching" /> : null}
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
        />
        {debounced && results.data?.length === 0 && (
          <Text size="sm" c="dimmed">
            No supporter matches “{debounced}”.
          </Text>
        )}
        <Stack gap={6} role="list" aria-label="Supporters found">
          {results.data?.map((s) => (
            <div role="listitem" key={s.id}>
              <UnstyledButton
                w="100%"
                onClick={() => choose(s.id)}
                disabled={saving}
                p="sm"
                style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 8 }}
              >
                <SupporterRow supporter={s} />
              </UnstyledButton>
            </div>
          ))}
        </Stack>
        <Group justify="space-between">
          <Button
            variant="subtle"
            onClick={() => choose(null)}
            disabled={saving || !order?.member_id}
          >
            Make this a guest contribution
          </Button>
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function SupporterRow({ supporter: s }: { supporter: SupporterOption }) {
  return (
    <Group wrap="nowrap" align="flex-start" gap="sm">
      <Avatar radius="xl" color={s.icon === 'building' ? 'grape' : 'blue'} aria-hidden>
        {s.icon === 'building' ? <IconBuilding size={18} /> : <IconUser size={18} />}
      </Avatar>
      <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
        <Group gap="xs">
          <Text component="span" fw={600} size="sm">
            {s.display_name}
          </Text>
          <ContactBadges deceasedOn={s.deceased_on} doNotContact={s.do_not_contact} size="xs" />
          {s.membership_name && (
            <Badge size="sm" variant="light" color={s.membership_is_expired ? 'red' : 'teal'}>
              {s.membership_name}
              {s.membership_expires_on &&
                ` · ${s.membership_is_expired ? 'expired' : 'expires'} ${formatDate(s.membership_expires_on)}`}
            </Badge>
          )}
        </Group>
        {s.email && (
          <Text component="span" display="block" size="xs" c="dimmed">
            {s.email}
          </Text>
        )}
        {(s.display_bill_address || s.display_bill_phone) && (
          <Text component="span" display="block" size="xs" c="dimmed" truncate>
            {[s.display_bill_address, s.display_bill_phone].filter(Boolean).join(' · ')}
          </Text>
        )}
      </Stack>
    </Group>
  );
}
