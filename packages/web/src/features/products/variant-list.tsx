import {
  billingPeriodSuffix,
  formatAmount,
  isLowStock,
  pricePresetsSchema,
  variantPriceLabel,
  type ProductFormOptions,
} from '@almoner/contracts';
import { DragHandle, SortableList, useSortableRow } from '../../components/sortable-list.tsx';
import { ActionIcon, Badge, Button, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import {
  IconCopy,
  IconPencil,
  IconPlus,
  IconStar,
  IconStarFilled,
  IconTrash,
} from '@tabler/icons-react';
import { blankVariant, newKey, type VariantValues } from './product-form-values.ts';

type Props = {
  variants: VariantValues[];
  currency: string;
  options: ProductFormOptions | undefined;
  /** Indexes of variants the last save refused. */
  invalid: Set<number>;
  error?: string | undefined;
  onChange: (variants: VariantValues[]) => void;
  onEdit: (variant: VariantValues) => void;
};

const amount = (text: string) => (text.trim() === '' ? null : Number(text));

/**
 * The variant rows (spec part 2 §2): default marker, low-stock badge, shipping, membership,
 * file, presets, the price or Free/Donation with the per-period suffix; copy, delete, sort.
 */
export function VariantList({
  variants,
  currency,
  options,
  invalid,
  error,
  onChange,
  onEdit,
}: Props) {
  const setDefault = (key: string) =>
    onChange(variants.map((v) => ({ ...v, is_default: v.key === key })));
  const copy = (v: VariantValues) => {
    const { id: _id, ...rest } = v;
    const clone: VariantValues = {
      ...rest,
      key: newKey(),
      variant_name: `${v.variant_name} (copy)`,
      is_default: false,
      sku: '',
      quantity: '0',
      update_quantity: false,
      quantity_modified_at: null,
      quantity_modified_by: null,
    };
    onEdit(clone);
  };
  const remove = (v: VariantValues) => {
    const rest = variants.filter((x) => x.key !== v.key);
    onChange(v.is_default && rest[0] ? rest.map((x, i) => ({ ...x, is_default: i === 0 })) : rest);
  };
  return (
    <Stack gap="xs">
      <SortableList items={variants} onReorder={onChange}>
          {variants.map((v, i) => (
            <VariantRow
              key={v.key}
              variant={v}
              currency={currency}
              options={options}
              invalid={invalid.has(i)}
              onEdit={() => onEdit(v)}
              onCopy={() => copy(v)}
              onRemove={() => remove(v)}
              onDefault={() => setDefault(v.key)}
            />
          ))}
      </SortableList>
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
      <Button
        variant="light"
        w="fit-content"
        leftSection={<IconPlus size={16} />}
        onClick={() => onEdit(blankVariant(variants.length === 0))}
      >
        Add variant
      </Button>
    </Stack>
  );
}

type RowProps = {
  variant: VariantValues;
  currency: string;
  options: ProductFormOptions | undefined;
  invalid: boolean;
  onEdit: () => void;
  onCopy: () => void;
  onRemove: () => void;
  onDefault: () => void;
};

function VariantRow({
  variant: v,
  currency,
  options,
  invalid,
  onEdit,
  onCopy,
  onRemove,
  onDefault,
}: RowProps) {
  const { setNodeRef, style, handleProps } = useSortableRow(v.key);
  const name = v.variant_name || 'Untitled variant';
  const presets = pricePresetsSchema.safeParse(v.price_presets);
  const price = v.redirect
    ? 'Redirect'
    : variantPriceLabel(
        {
          is_donation: v.is_donation,
          price: amount(v.price) ?? 0,
          sale_price: amount(v.sale_price),
        },
        (a) => formatAmount(a, currency),
      ) + billingPeriodSuffix[v.billing_period];
  const membership = options?.memberships.find((m) => String(m.id) === v.membership_id)?.name;
  const quantity = Number(v.quantity);
  const restock = v.quantity_restock === '' ? null : Number(v.quantity_restock);
  return (
    <Paper
      ref={setNodeRef}
      style={style}
      withBorder
      p="xs"
      data-testid="variant-row"
      bd={invalid ? '1px solid var(--mantine-color-red-6)' : undefined}
    >
      <Group wrap="nowrap" gap="sm">
        <DragHandle label={`Move ${name}`} handleProps={handleProps} />
        <Tooltip label={v.is_default ? 'Default variant' : 'Set as Default'}>
          <ActionIcon
            variant="subtle"
            color="yellow"
            aria-label={v.is_default ? `${name} is the default` : `Set ${name} as default`}
            aria-pressed={v.is_default}
            onClick={onDefault}
          >
            {v.is_default ? <IconStarFilled size={16} /> : <IconStar size={16} />}
          </ActionIcon>
        </Tooltip>
        <Stack gap={2} flex={1}>
          <Group gap="xs">
            <Text fw={500} size="sm">
              {name}
            </Text>
            {invalid && <Badge color="red">Needs attention</Badge>}
            {isLowStock({ quantity, quantity_restock: restock }) && (
              <Badge color="orange" variant="light">
                Low stock
              </Badge>
            )}
            {v.shipping !== 'no' && (
              <Badge variant="light">{v.shipping === 'free' ? 'Free shipping' : 'Ships'}</Badge>
            )}
            {membership && (
              <Badge variant="light" color="grape">
                {membership}
              </Badge>
            )}
            {v.file_type && (
              <Badge variant="light" color="cyan">
                {v.file_type === 'file' ? (v.file_name ?? 'File') : 'Link'}
              </Badge>
            )}
            {v.linked_variants.length > 0 && (
              <Badge variant="light" color="gray">
                Bundle of {v.linked_variants.length + 1}
              </Badge>
            )}
          </Group>
          {v.is_donation && presets.success && presets.data.length > 0 && (
            <Text size="xs" c="dimmed">
              Presets: {presets.data.map((p) => formatAmount(p, currency)).join(', ')}
            </Text>
          )}
        </Stack>
        <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
          {price}
        </Text>
        <Group gap={2} wrap="nowrap">
          <ActionIcon variant="subtle" aria-label={`Edit ${name}`} onClick={onEdit}>
            <IconPencil size={16} />
          </ActionIcon>
          <ActionIcon variant="subtle" aria-label={`Copy ${name}`} onClick={onCopy}>
            <IconCopy size={16} />
          </ActionIcon>
          <ActionIcon variant="subtle" color="red" aria-label={`Delete ${name}`} onClick={onRemove}>
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      </Group>
    </Paper>
  );
}
