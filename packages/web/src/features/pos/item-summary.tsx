import { formatAmount } from '@almoner/contracts';
import { Alert, Badge, Group, Stack, Text } from '@mantine/core';
import { isSoldOut } from './product-card.tsx';
import type { PosProduct } from './pos-types.ts';
import { Thumb } from './thumb.tsx';

type Props = {
  product: PosProduct;
  variant: PosProduct['variants'][number] | null;
  /** The chosen option's price (not for an amount the donor names). */
  showPrice: boolean;
  remaining: number;
  lowStock: boolean;
};

/** The item modal's head: picture, SKU, price (and the price before a sale), and what stock is left. */
export function ItemSummary({ product, variant, showPrice, remaining, lowStock }: Props) {
  const soldOut = isSoldOut(product);
  const currency = product.currency_code;
  return (
    <>
      <Group align="flex-start" wrap="nowrap">
        <Thumb src={product.thumbnail_url} w={96} h={96} radius="md" />
        <Stack gap={4}>
          {product.code && (
            <Text size="sm" c="dimmed">
              {product.code}
            </Text>
          )}
          {variant && showPrice && (
            <Group gap="xs">
              <Text fw={700} size="lg">
                {formatAmount(variant.actual_price, currency)}
              </Text>
              {variant.is_sale && (
                <Text td="line-through" c="dimmed" size="sm">
                  {formatAmount(variant.price, currency)}
                </Text>
              )}
            </Group>
          )}
          {soldOut && <Badge color="red">Sold out</Badge>}
          {!soldOut && lowStock && (
            <Text size="sm" c="red.8" data-testid="low-stock">
              Only {remaining} left in stock.
            </Text>
          )}
        </Stack>
      </Group>
      {soldOut && (
        <Alert color="red">{product.outofstock_message || 'This item is sold out.'}</Alert>
      )}
    </>
  );
}
