import { formatAmount, POS_LOW_STOCK } from '@almoner/contracts';
import { ActionIcon, Badge, Card, Group, Text, UnstyledButton } from '@mantine/core';
import { IconBookmark, IconBookmarkFilled } from '@tabler/icons-react';
import type { PosProduct } from './pos-types.ts';
import { Thumb } from './thumb.tsx';

/** Sold out: nothing left to buy, or the product is not for sale (spec §2.2). */
export const isSoldOut = (product: PosProduct) =>
  product.available_for_purchase <= 0 || !product.is_available_for_sale;

/** "Only 3 left" under 20 remaining, unless the product hides its stock. */
export const isLowStock = (product: PosProduct) =>
  !product.hide_qty &&
  !product.outofstock_allow &&
  product.available_for_purchase > 0 &&
  product.available_for_purchase < POS_LOW_STOCK;

export function productPrice(product: PosProduct): string {
  const variant = product.default_variant ?? product.variants[0];
  if (!variant) return '';
  if (variant.is_donation) return 'Any amount';
  return formatAmount(variant.actual_price, product.currency_code);
}

type ProductCardProps = {
  product: PosProduct;
  bookmarked: boolean;
  onOpen: (product: PosProduct) => void;
  onBookmark: (product: PosProduct, add: boolean) => void;
};

/** A product tile: opens the item modal; the corner button pins it to the bookmarks bar. */
export function ProductCard({ product, bookmarked, onOpen, onBookmark }: ProductCardProps) {
  const soldOut = isSoldOut(product);
  return (
    <Card
      withBorder
      padding="xs"
      radius="md"
      data-product={product.id}
      pos="relative"
      opacity={soldOut ? 0.7 : 1}
    >
      <UnstyledButton onClick={() => onOpen(product)} w="100%">
        <Card.Section>
          <Thumb src={product.thumbnail_url} h={110} />
        </Card.Section>
        <Text
          component="span"
          display="block"
          size="sm"
          fw={600}
          mt={6}
          lineClamp={2}
          lh={1.3}
          mih={36}
        >
          {product.name}
        </Text>
        <Group justify="space-between" gap={4} mt={2} wrap="nowrap">
          <Text component="span" size="sm" c="dimmed">
            {productPrice(product)}
          </Text>
          {soldOut ? (
            <Badge color="red" variant="light" size="sm">
              Sold out
            </Badge>
          ) : (
            isLowStock(product) && (
              <Badge color="yellow" variant="light" size="sm">
                {product.available_for_purchase} left
              </Badge>
            )
          )}
        </Group>
      </UnstyledButton>
      <ActionIcon
        variant="white"
        radius="xl"
        pos="absolute"
        top={6}
        right={6}
        aria-pressed={bookmarked}
        aria-label={
          bookmarked ? `Remove ${product.name} from bookmarks` : `Bookmark ${product.name}`
        }
        onClick={() => onBookmark(product, !bookmarked)}
      >
        {bookmarked ? <IconBookmarkFilled size={16} /> : <IconBookmark size={16} />}
      </ActionIcon>
    </Card>
  );
}
