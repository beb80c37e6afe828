import {
  CRM_CODE_KEYS,
  CRM_CODE_MAX,
  DOWNLOAD_COUNT_LIMITS,
  DOWNLOAD_EXPIRY_OPTIONS,
  SHIPPING_NOTICE_MAX,
  formatDateTime,
  stockReasonLabels,
  type ProductFormOptions,
} from '@almoner/contracts';
import {
  ActionIcon,
  Button,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconLock, IconLockOpen } from '@tabler/icons-react';
import { useState } from 'react';
import { useCan } from '../../app/session.ts';
import { FieldGrid, type TextField } from '../../components/form-page/index.ts';
import { HiddenColumnHeader, RemoveRowCell } from '../../components/row-editing.tsx';
import { DownloadLibraryModal } from '../media/download-library-modal.tsx';
import { useStockMovements, useVariantOptions } from './api.ts';
import type { ShippingChoice, VariantValues } from './product-form-values.ts';
import type { VariantForm } from './variant-form.ts';

type TabProps = { form: VariantForm };

const noticeFields: TextField<VariantValues>[] = [
  { name: 'shipping_expectation_over', label: 'Notice over the threshold', maxLength: SHIPPING_NOTICE_MAX },
  { name: 'shipping_expectation_under', label: 'Notice under the threshold', maxLength: SHIPPING_NOTICE_MAX },
];

const billingFields: TextField<VariantValues>[] = [
  { name: 'total_billing_cycles', label: 'Billing cycles', description: 'Blank: until cancelled', inputMode: 'numeric' },
  { name: 'billing_starts_on', label: 'Billing starts on', type: 'date' },
  { name: 'billing_ends_on', label: 'Billing ends on', type: 'date' },
];

export function ShippingTab({ form, currency }: TabProps & { currency: string }) {
  const v = form.values;
  return (
    <Stack gap="sm">
      <SegmentedControl
        aria-label="Shippable"
        w="fit-content"
        value={v.shipping}
        onChange={(s) => form.setFieldValue('shipping', s as ShippingChoice)}
        data={[
          { value: 'no', label: 'No' },
          { value: 'yes', label: 'Yes' },
          { value: 'free', label: 'Yes - Free' },
        ]}
      />
      {v.shipping !== 'no' && (
        <>
          <FieldGrid
            form={form}
            cols={2}
            fields={[
              { name: 'weight_lbs', label: 'Weight (lbs)', inputMode: 'decimal' },
              {
                name: 'shipping_expectation_threshold',
                label: `Shipping notice threshold (${currency})`,
                inputMode: 'decimal',
              },
            ]}
          />
          <FieldGrid form={form} cols={2} fields={noticeFields} />
        </>
      )}
    </Stack>
  );
}

/** The quantity of a saved variant is locked until its toggle sets `update_quantity` (part 2 §4). */
export function InventoryTab({ form, productId }: TabProps & { productId: number | null }) {
  const v = form.values;
  const locked = v.id !== undefined && !v.update_quantity;
  const history = useStockMovements(v.id !== undefined ? productId : null);
  const movements = (history.data ?? []).filter((m) => m.variant_id === v.id).slice(0, 10);
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 4 }}>
        <TextInput label="SKU" {...form.getInputProps('sku')} />
        <TextInput label="Barcode" {...form.getInputProps('barcode')} />
        <TextInput
          label="Quantity"
          inputMode="numeric"
          disabled={locked}
          {...form.getInputProps('quantity')}
          rightSection={
            v.id !== undefined && (
              <ActionIcon
                variant="subtle"
                aria-label={locked ? 'Edit quantity' : 'Keep the quantity'}
                onClick={() => form.setFieldValue('update_quantity', locked)}
              >
                {locked ? <IconLock size={16} /> : <IconLockOpen size={16} />}
              </ActionIcon>
            )
          }
        />
        <TextInput
          label="Restock level"
          description="Low-stock badge at or below"
          inputMode="numeric"
          {...form.getInputProps('quantity_restock')}
        />
      </SimpleGrid>
      {v.quantity_modified_at && (
        <Text size="xs" c="dimmed">
          Quantity last changed {formatDateTime(v.quantity_modified_at)}
          {v.quantity_modified_by ? ` by ${v.quantity_modified_by}` : ''}.
        </Text>
      )}
      {movements.length > 0 && (
        <Table verticalSpacing={2} fz="sm" withTableBorder>
          <Table.Caption>Stock history</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>When</Table.Th>
              <Table.Th>Why</Table.Th>
              <Table.Th ta="right">Change</Table.Th>
              <Table.Th ta="right">Stock</Table.Th>
              <Table.Th>Who</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {movements.map((m) => (
              <Table.Tr key={m.id}>
                <Table.Td>{formatDateTime(m.created_at)}</Table.Td>
                <Table.Td>{stockReasonLabels[m.reason]}</Table.Td>
                <Table.Td ta="right">{m.change > 0 ? `+${m.change}` : m.change}</Table.Td>
                <Table.Td ta="right">{m.quantity_after}</Table.Td>
                <Table.Td>{m.user_name ?? '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

export function MembershipTab({
  form,
  options,
}: TabProps & { options: ProductFormOptions | undefined }) {
  return (
    <Select
      label="Membership granted"
      placeholder="None"
      clearable
      data={(options?.memberships ?? []).map((m) => ({ value: String(m.id), label: m.name }))}
      {...form.getInputProps('membership_id')}
      maw={360}
    />
  );
}

const limitOptions = DOWNLOAD_COUNT_LIMITS.map((n) => ({
  value: n === null ? '' : String(n),
  label: n === null ? 'Unlimited' : String(n),
}));
const expiryOptions = DOWNLOAD_EXPIRY_OPTIONS.map((o) => ({
  value: o.value === null ? '' : String(o.value),
  label: o.label,
}));

/** A download: a file from the downloads library or an external link, with part 2 §9's limits. */
export function DownloadsTab({
  form,
  options,
}: TabProps & { options: ProductFormOptions | undefined }) {
  const v = form.values;
  const [library, setLibrary] = useState(false);
  // A file chosen from the library just now (perhaps uploaded there) is not yet in the form's options.
  const [chosen, setChosen] = useState<{ id: number; filename: string } | null>(null);
  const canBrowse = useCan()('file.view');
  const files = [...(options?.files ?? [])];
  if (chosen && !files.some((f) => f.id === chosen.id)) files.push(chosen);
  return (
    <Stack gap="sm">
      <SegmentedControl
        aria-label="Download"
        w="fit-content"
        value={v.file_type || 'none'}
        onChange={(t) =>
          form.setFieldValue('file_type', t === 'none' ? '' : (t as 'file' | 'external'))
        }
        data={[
          { value: 'none', label: 'No download' },
          { value: 'file', label: 'File' },
          { value: 'external', label: 'External link' },
        ]}
      />
      {v.file_type === 'file' && (
        <Group align="flex-end" gap="xs">
          <Select
            label="File"
            searchable
            data={files.map((f) => ({ value: String(f.id), label: f.filename }))}
            {...form.getInputProps('file_id')}
            maw={420}
            flex={1}
          />
          {/* The library lists files through media, which needs file.view; without it the
              File picker above (the variant options' own list) is the way to choose. */}
          {canBrowse && (
            <>
              <Button variant="default" onClick={() => setLibrary(true)}>
                Choose from library
              </Button>
              <DownloadLibraryModal
                opened={library}
                onClose={() => setLibrary(false)}
                onChoose={(file) => {
                  setChosen({ id: file.id, filename: file.filename });
                  form.setFieldValue('file_id', String(file.id));
                }}
              />
            </>
          )}
        </Group>
      )}
      {v.file_type === 'external' && (
        <TextInput label="Link" type="url" {...form.getInputProps('external_resource_uri')} />
      )}
      {v.file_type && (
        <>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Select
              label="Link expires after"
              data={expiryOptions}
              allowDeselect={false}
              {...form.getInputProps('download_expiry_seconds')}
            />
            <Select
              label="Devices (IP addresses)"
              data={limitOptions}
              allowDeselect={false}
              {...form.getInputProps('download_address_limit')}
            />
            <Select
              label="Downloads"
              data={limitOptions}
              allowDeselect={false}
              {...form.getInputProps('download_limit')}
            />
          </SimpleGrid>
          <Textarea
            label="Description"
            autosize
            minRows={2}
            {...form.getInputProps('file_description')}
          />
        </>
      )}
    </Stack>
  );
}

/** Linked variants sold with this one, each with its quantity and price. */
export function BundlesTab({ form, currency }: TabProps & { currency: string }) {
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search, 250);
  const found = useVariantOptions(query);
  const links = form.values.linked_variants;
  const choices = (found.data ?? []).filter(
    (o) => o.id !== form.values.id && !links.some((l) => l.variant_id === o.id),
  );
  return (
    <Stack gap="sm">
      {links.length > 0 && (
        <Table verticalSpacing={4} withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Variant</Table.Th>
              <Table.Th w={110}>Quantity</Table.Th>
              <Table.Th w={150}>Price ({currency})</Table.Th>
              <HiddenColumnHeader label="Remove" w={40} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {links.map((l, i) => (
              <Table.Tr key={l.variant_id}>
                <Table.Td>{l.name}</Table.Td>
                <Table.Td>
                  <TextInput
                    aria-label={`${l.name} quantity`}
                    inputMode="numeric"
                    {...form.getInputProps(`linked_variants.${i}.quantity`)}
                  />
                </Table.Td>
                <Table.Td>
                  <TextInput
                    aria-label={`${l.name} price`}
                    inputMode="decimal"
                    {...form.getInputProps(`linked_variants.${i}.price`)}
                  />
                </Table.Td>
                <RemoveRowCell
                  name={l.name}
                  iconSize={14}
                  onRemove={() => form.removeListItem('linked_variants', i)}
                />
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Select
        label="Add a bundled variant"
        placeholder="Search products and variants"
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        data={choices.map((o) => ({ value: String(o.id), label: o.name }))}
        value={null}
        nothingFoundMessage="No variants match."
        onChange={(id) => {
          const option = choices.find((o) => String(o.id) === id);
          if (option)
            form.insertListItem('linked_variants', {
              variant_id: option.id,
              name: option.name,
              quantity: '1',
              price: '0',
            });
          setSearch('');
        }}
        maw={420}
      />
    </Stack>
  );
}

export function BillingTab({ form }: TabProps) {
  return (
    <FieldGrid form={form} cols={3} fields={billingFields} />
  );
}

const crmLabels: Record<(typeof CRM_CODE_KEYS)[number], string> = {
  dp_gl_code: 'GL code',
  dp_campaign: 'Campaign',
  dp_solicit: 'Solicitation',
  dp_subsolicit: 'Sub-solicitation',
  dp_ty_letter_no: 'Thank-you letter',
  dp_fair_market_value: 'Fair market value',
  dp_gift_narrative: 'Gift narrative',
  dp_acknowledgepref: 'Acknowledgement preference',
  dp_no_calc: 'No calculation',
};

/** Donor-CRM codes (only when the CRM is on), at most 200 characters each. */
export function CrmTab({ form }: TabProps) {
  const set = (key: string, value: string) =>
    form.setFieldValue('crm_metadata', { ...form.values.crm_metadata, [key]: value });
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      {CRM_CODE_KEYS.map((key) =>
        key === 'dp_fair_market_value' || key === 'dp_no_calc' ? (
          <Select
            key={key}
            label={crmLabels[key]}
            clearable
            data={
              key === 'dp_no_calc'
                ? ['N', 'Y']
                : [
                    { value: '0', label: 'Do not use' },
                    { value: '1', label: 'Purchase value' },
                  ]
            }
            value={form.values.crm_metadata[key] || null}
            onChange={(value) => set(key, value ?? '')}
          />
        ) : (
          <TextInput
            key={key}
            label={crmLabels[key]}
            maxLength={CRM_CODE_MAX}
            value={form.values.crm_metadata[key] ?? ''}
            onChange={(e) => set(key, e.currentTarget.value)}
            error={form.errors[`crm_metadata.${key}`]}
          />
        ),
      )}
    </SimpleGrid>
  );
}
