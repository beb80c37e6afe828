import { type AvailableNumber, NUMBER_COUNTRIES, type NumberCountry, numberMessages, type PhoneNumberType, RELOAD_AFTER_ACTION_MS, type VerificationField } from '@almoner/contracts';
import { Alert, Button, Group, Modal, Radio, Select, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '../../components/toast.ts';
import { searchFailureText, searchNumbers, useProvisionNumber } from './api.ts';
import { provisionFailureText, verificationFieldErrors } from './provision-errors.ts';
import { VerificationForm } from './verification-form.tsx';

type Props = { opened: boolean; onClose: () => void; onProvisioned: () => void };
type Query = { country: NumberCountry; type: PhoneNumberType; area_code: string };

/**
 * The text-to-give number modal (spec part 2 §2, §4): search, choose, (toll-free) verify,
 * provisioned, then the list reloads 700 ms later.
 */
export function NumberSearchModal({ opened, onClose, onProvisioned }: Props) {
  const [query, setQuery] = useState<Query>({ country: 'US', type: 'local', area_code: '' });
  const [searched, setSearched] = useState<Query | null>(null);
  const [verifying, setVerifying] = useState<AvailableNumber | null>(null);
  const search = useMutation({ mutationFn: searchNumbers });
  const provision = useProvisionNumber();

  const runSearch = (q: Query) => {
    // The search button is ignored while disabled (a search is running).
    if (search.isPending) return;
    setSearched(q);
    setVerifying(null);
    search.mutate(q);
  };
  const provisioned = (message: string) => {
    toast.success(message);
    window.setTimeout(onProvisioned, RELOAD_AFTER_ACTION_MS);
  };
  const choose = (n: AvailableNumber, verification?: Record<VerificationField, string>) => {
    if (!searched) return;
    if (searched.type === 'toll-free' && !verification) {
      provision.reset();
      setVerifying(n);
      return;
    }
    provision.mutate(
      { phone_number: n.full, country: searched.country, ...(verification ? { is_toll_free: '1', verification } : {}) },
      { onSuccess: (made) => provisioned(made.message), onError: (error) => toast.error(provisionFailureText(error)) },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Add a text-to-give number" size="lg">
      {verifying ? (
        <VerificationForm
          number={verifying.short}
          busy={provision.isPending}
          serverErrors={verificationFieldErrors(provision.error)}
          onBack={() => setVerifying(null)}
          onSubmit={(values) => choose(verifying, values)}
        />
      ) : (
        <Stack gap="md">
          <form
            aria-label="Search phone numbers"
            onSubmit={(event) => {
              event.preventDefault();
              runSearch(query);
            }}
          >
            <Stack gap="sm">
              <Group grow align="flex-start">
                <Select
                  label="Country"
                  data={NUMBER_COUNTRIES.map((c) => ({ value: c.code, label: c.name }))}
                  value={query.country}
                  allowDeselect={false}
                  onChange={(v) => v && setQuery((q) => ({ ...q, country: v as NumberCountry }))}
                  data-autofocus
                />
                <TextInput
                  label="Area code"
                  name="area_code"
                  inputMode="numeric"
                  value={query.area_code}
                  disabled={query.type !== 'local'}
                  onChange={(e) => {
                    const value = e.currentTarget.value;
                    setQuery((q) => ({ ...q, area_code: value }));
                  }}
                />
              </Group>
              <Radio.Group label="Type" value={query.type} onChange={(v) => setQuery((q) => ({ ...q, type: v as PhoneNumberType }))}>
                <Group mt={6}>
                  <Radio value="local" label="Local" />
                  <Radio value="toll-free" label="Toll-free" />
                </Group>
              </Radio.Group>
              <Group justify="flex-end">
                <Button type="submit" loading={search.isPending} disabled={search.isPending}>
                  Search
                </Button>
              </Group>
            </Stack>
          </form>
          {search.error && (
            <Alert color="red" role="alert">
              {searchFailureText(search.error)}
            </Alert>
          )}
          {search.data && <Results numbers={search.data} busy={provision.isPending ? (provision.variables?.phone_number ?? null) : null} onChoose={choose} onRefresh={() => searched && runSearch(searched)} />}
        </Stack>
      )}
    </Modal>
  );
}

type ResultsProps = { numbers: AvailableNumber[]; busy: string | null; onChoose: (n: AvailableNumber) => void; onRefresh: () => void };

function Results({ numbers, busy, onChoose, onRefresh }: ResultsProps) {
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text fw={500}>Results</Text>
        <Button variant="subtle" size="xs" onClick={onRefresh}>
          Refresh results
        </Button>
      </Group>
      {numbers.length === 0 ? (
        <Text size="sm" c="dimmed" role="status">
          {numberMessages.noResults}
        </Text>
      ) : (
        <Table verticalSpacing={6} aria-label="Available phone numbers">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Number</Table.Th>
              <Table.Th>International</Table.Th>
              <Table.Th>
                <VisuallyHidden>Action</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {numbers.map((n) => (
              <Table.Tr key={n.full}>
                <Table.Td>{n.short}</Table.Td>
                <Table.Td ff="monospace">{n.full}</Table.Td>
                <Table.Td ta="right">
                  <Button size="xs" variant="light" loading={busy === n.full} disabled={busy !== null} onClick={() => onChoose(n)} aria-label={`Choose ${n.short}`}>
                    Choose
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
