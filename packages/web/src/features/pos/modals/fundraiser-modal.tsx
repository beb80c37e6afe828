import { posMessages } from '@almoner/contracts';
import { Checkbox, Select, Text, TextInput, Textarea } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { fetchPicker, posKeys } from '../api.ts';
import { currencySymbol } from '../payment/payment-fields.tsx';
import { fieldRefusal, FormModal, type FieldErrors } from './form-modal.tsx';

type Fundraiser = {
  id: number;
  title: string;
  url: string;
  author: string;
  thumbnail: string | null;
};
type Props = {
  currency: string;
  onAdd: (body: Record<string, unknown>) => Promise<unknown>;
  onClose: () => void;
};

/** A gift to a supporter's fundraising page. */
export function FundraiserModal({ currency, onAdd, onClose }: Props) {
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState<string | null>(null);
  const [amount, setAmount] = useState('');
  const [comments, setComments] = useState('');
  const [anonymous, setAnonymous] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const pages = useQuery({
    queryKey: posKeys.picker('fundraisers', query),
    queryFn: () => fetchPicker<Fundraiser>('/jpanel/fundraisers.json', query),
  });
  const chosen = pages.data?.find((p) => String(p.id) === page);
  return (
    <FormModal
      title="Fundraiser"
      submitLabel="Add gift"
      size="md"
      onClose={onClose}
      onErrors={setErrors}
      fieldNames={['fundraising_page_id', 'amount']}
      onSubmit={async () => {
        if (!page) {
          throw fieldRefusal('fundraising_page_id', posMessages.fundraiserRequired);
        }
        await onAdd({
          fundraising_page_id: Number(page),
          amount,
          comments,
          is_anonymous: anonymous,
        });
      }}
    >
      <Select
        label="Fundraising page"
        placeholder="Search by title or author"
        data-autofocus
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        filter={({ options }) => options}
        data={(pages.data ?? []).map((p) => ({
          value: String(p.id),
          label: `${p.title} — ${p.author}`,
        }))}
        value={page}
        onChange={setPage}
        error={errors.fundraising_page_id?.[0]}
        nothingFoundMessage="No fundraising page found"
        comboboxProps={{ withinPortal: true }}
      />
      {chosen && (
        <Text size="xs" c="dimmed">
          {chosen.url}
        </Text>
      )}
      <TextInput
        label="Amount"
        required
        inputMode="decimal"
        leftSection={<Text size="sm">{currencySymbol(currency)}</Text>}
        value={amount}
        error={errors.amount?.[0]}
        onChange={(e) => setAmount(e.currentTarget.value.replace(/[^\d.]/g, '').slice(0, 12))}
      />
      <Textarea
        label="Message on the page"
        autosize
        minRows={2}
        maxLength={500}
        value={comments}
        onChange={(e) => setComments(e.currentTarget.value)}
      />
      <Checkbox
        label="Give anonymously"
        checked={anonymous}
        onChange={(e) => setAnonymous(e.currentTarget.checked)}
      />
    </FormModal>
  );
}
