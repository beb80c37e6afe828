import { posMessages } from '@almoner/contracts';
import {
  Alert,
  Anchor,
  Breadcrumbs,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconBookmarkFilled, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { toast } from '../../components/toast.ts';
import {
  useBookmarks,
  usePosCategories,
  usePosProducts,
  useToggleBookmark,
  type ProductSearch,
} from './api.ts';
import { ProductCard } from './product-card.tsx';
import type { PosCategory, PosProduct } from './pos-types.ts';
import { Thumb } from './thumb.tsx';

/** Spec §9: search waits 1000 ms after typing; Enter searches at once. */
export const SEARCH_DEBOUNCE_MS = 1000;

type ProductBrowserProps = { currency: string; onOpen: (product: PosProduct) => void };

/** Left pane: keyword search, bookmarks bar, and the category browser with its products. */
export function ProductBrowser({ currency, onOpen }: ProductBrowserProps) {
  const [typed, setTyped] = useState('');
  const [keywords, setKeywords] = useState('');
  const [path, setPath] = useState<PosCategory[]>([]);
  const category = path.at(-1);
  const search: ProductSearch | null = keywords
    ? { keywords, currency_code: currency }
    : category
      ? { category_id: category.id, currency_code: currency }
      : null;
  const products = usePosProducts(search);
  const categories = usePosCategories();
  const bookmarks = useBookmarks(currency);
  const toggle = useToggleBookmark(currency);
  const bookmarkedIds = new Set((bookmarks.data?.products ?? []).map((p) => p.id));
  const debounced = useDebouncedCallback(
    (value: string) => setKeywords(value.trim()),
    SEARCH_DEBOUNCE_MS,
  );

  const handleBookmark = (product: PosProduct, add: boolean) =>
    toggle.mutate({ product, add }, { onError: () => toast.error(posMessages.bookmarkFailed) });

  const children = category
    ? category.child_categories
    : (categories.data?.categories ?? []).filter((c) => c.parent_id === null);

  return (
    <Stack gap="md">
      <TextInput
        label="Search products"
        placeholder="Name, code or SKU"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={typed}
        onChange={(event) => {
          setTyped(event.currentTarget.value);
          debounced(event.currentTarget.value);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            debounced.cancel();
            setKeywords(typed.trim());
          }
        }}
      />
      <BookmarksBar products={bookmarks.data?.products ?? []} onOpen={onOpen} />
      {keywords ? (
        <Group justify="space-between">
          <Text fw={600}>Results for “{keywords}”</Text>
          <Anchor
            component="button"
            size="sm"
            onClick={() => {
              setTyped('');
              setKeywords('');
            }}
          >
            Clear search
          </Anchor>
        </Group>
      ) : (
        <CategoryPath path={path} onChange={setPath} />
      )}
      {!keywords && children.length > 0 && (
        <SimpleGrid cols={{ base: 2, md: 3, xl: 4 }} spacing="sm">
          {children.map((c) => (
            <CategoryTile key={c.id} category={c} onOpen={() => setPath([...path, c])} />
          ))}
        </SimpleGrid>
      )}
      {categories.isPending && !keywords && (
        <Center h={120}>
          <Loader aria-label="Loading categories" />
        </Center>
      )}
      {products.isFetching && (
        <Center h={120}>
          <Loader aria-label="Loading products" />
        </Center>
      )}
      {products.error && <Alert color="red">{products.error.message}</Alert>}
      {search && products.data && !products.isFetching && (
        <>
          {products.data.products.length === 0 && (
            <Text c="dimmed" size="sm">
              {keywords ? 'No products match this search.' : 'No products in this category.'}
            </Text>
          )}
          <SimpleGrid
            cols={{ base: 2, md: 3, xl: 4 }}
            spacing="sm"
            aria-label="Products"
            role="list"
          >
            {products.data.products.map((product) => (
              <div role="listitem" key={product.id}>
                <ProductCard
                  product={product}
                  bookmarked={bookmarkedIds.has(product.id)}
                  onOpen={onOpen}
                  onBookmark={handleBookmark}
                />
              </div>
            ))}
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}

/** The bookmarked products, one click away from any category or search. */
function BookmarksBar({ products, onOpen }: { products: PosProduct[]; onOpen: (product: PosProduct) => void }) {
  return (
    <Paper withBorder p="xs" radius="md" aria-label="Bookmarks" component="section">
      <Group gap="xs" wrap="wrap">
        <IconBookmarkFilled size={16} color="var(--mantine-primary-color-filled)" aria-hidden />
        {products.length === 0 && (
          <Text size="sm" c="dimmed">
            Bookmark products to keep them one click away.
          </Text>
        )}
        {products.map((product) => (
          <Button key={product.id} size="compact-sm" variant="light" onClick={() => onOpen(product)}>
            {product.name}
          </Button>
        ))}
      </Group>
    </Paper>
  );
}

/** All categories › … › the open one; each step goes back up to it. */
function CategoryPath({ path, onChange }: { path: PosCategory[]; onChange: (path: PosCategory[]) => void }) {
  return (
    <Breadcrumbs>
      <Anchor component="button" size="sm" onClick={() => onChange([])} fw={path.length ? 400 : 600}>
        All categories
      </Anchor>
      {path.map((c, i) => (
        <Anchor
          key={c.id}
          component="button"
          size="sm"
          onClick={() => onChange(path.slice(0, i + 1))}
          fw={i === path.length - 1 ? 600 : 400}
        >
          {c.name}
        </Anchor>
      ))}
    </Breadcrumbs>
  );
}

function CategoryTile({ category, onOpen }: { category: PosCategory; onOpen: () => void }) {
  const thumbs = category.product_thumbs.slice(0, 4);
  return (
    <Paper
      withBorder
      radius="md"
      p="xs"
      component="button"
      type="button"
      onClick={onOpen}
      data-category={category.id}
      style={{ cursor: 'pointer', textAlign: 'start' }}
    >
      {thumbs.length >= 4 ? (
        <SimpleGrid cols={2} spacing={2} h={72} style={{ overflow: 'hidden', borderRadius: 6 }}>
          {thumbs.map((src) => (
            <Thumb key={src} src={src} h={35} />
          ))}
        </SimpleGrid>
      ) : (
        <Thumb src={thumbs[0]} h={72} radius={6} />
      )}
      <Text component="span" display="block" size="sm" fw={600} mt={6} truncate>
        {category.name}
      </Text>
      {category.child_categories.length > 0 && (
        <Text component="span" display="block" size="xs" c="dimmed">
          {category.child_categories.length} sub-categor
          {category.child_categories.length === 1 ? 'y' : 'ies'}
        </Text>
      )}
    </Paper>
  );
}
