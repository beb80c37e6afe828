import { PRODUCT_PICKER_MAX, pickerMessages } from '@almoner/contracts';
import { Avatar, Group, MultiSelect, Select, Text } from '@mantine/core';
import type { FormErrors } from '@mantine/form';
import { IconPackage } from '@tabler/icons-react';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useProductOptions } from './api.ts';

type Common = {
  label: string;
  description?: string;
  error?: string | undefined;
  excludeId?: number | undefined;
};
type Single = Common & {
  multiple?: false;
  value: number | null;
  onChange: (id: number | null) => void;
};
type Multiple = Common & { multiple: true; value: number[]; onChange: (ids: number[]) => void };

/**
 * The product picker (spec part 2 §8, §9): one product, or up to 20 when multiple. A chosen id
 * the server does not know shows as 'Unknown Product' with the warning 'This product does not exist.'.
 */
export function ProductPicker(props: Single | Multiple) {
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search, 250);
  const chosen = props.multiple ? props.value : props.value === null ? [] : [props.value];
  const known = useProductOptions('', chosen);
  const found = useProductOptions(query);
  const byId = new Map(
    [...(found.data ?? []), ...(known.data ?? [])]
      .filter((p) => p.id !== props.excludeId)
      .map((p) => [p.id, p]),
  );
  const missing = known.isSuccess
    ? chosen.filter((id) => !known.data.some((p) => p.id === id))
    : [];
  const data = [
    ...[...byId.values()].map((p) => ({ value: String(p.id), label: `${p.name} (${p.code})` })),
    ...missing.map((id) => ({ value: String(id), label: pickerMessages.unknownProduct })),
  ];
  const warning = missing.length ? pickerMessages.productMissing : undefined;
  // Part 2 §3 "Product list item": each option shows the product's thumbnail.
  const renderOption = ({ option }: { option: { value: string; label: string } }) => {
    const thumbnail = byId.get(Number(option.value))?.thumbnail ?? null;
    return (
      <Group gap="sm" wrap="nowrap">
        <Avatar src={thumbnail} size={28} radius="sm" alt="">
          <IconPackage size={16} aria-hidden />
        </Avatar>
        <Text size="sm">{option.label}</Text>
      </Group>
    );
  };
  const common = {
    label: props.label,
    description: props.description,
    data,
    searchable: true,
    searchValue: search,
    onSearchChange: setSearch,
    filter: ({ options }: { options: unknown[] }) => options as never,
    nothingFoundMessage: query ? 'No products match.' : 'Type to search products.',
    error: props.error ?? warning,
    renderOption,
  };
  return (
    <>
      {props.multiple ? (
        <MultiSelect
          {...common}
          maxValues={PRODUCT_PICKER_MAX}
          value={props.value.map(String)}
          onChange={(ids) => props.onChange(ids.map(Number))}
          clearable
        />
      ) : (
        <Select
          {...common}
          value={props.value === null ? null : String(props.value)}
          onChange={(id) => props.onChange(id === null ? null : Number(id))}
          clearable
        />
      )}
      {props.multiple && (
        <Text size="xs" c="dimmed">
          Up to {PRODUCT_PICKER_MAX} products.
        </Text>
      )}
    </>
  );
}

/** A form whose `product_ids` are chosen with the picker (a promo's products, a tax's). */
type ProductIdsForm = {
  values: { product_ids: number[] };
  errors: FormErrors;
  setFieldValue: (path: 'product_ids', value: number[]) => void;
};

/** The picker of up to 20 products bound to a form's `product_ids`, with its error. */
export function ProductIdsField({ form, label }: { form: ProductIdsForm; label: string }) {
  return (
    <ProductPicker
      multiple
      label={label}
      value={form.values.product_ids}
      onChange={(ids) => form.setFieldValue('product_ids', ids)}
      error={form.errors.product_ids as string | undefined}
    />
  );
}
