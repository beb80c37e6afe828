import { LISTING_MAX_LENGTH } from '@almoner/contracts';
import { useLocalStorage } from '@mantine/hooks';

/** The sizes a person may pick, always including the list's own (spec) size. */
export function pageSizeChoices(specSize: number): number[] {
  return [...new Set([specSize, 10, 25, 50, 100])].filter((n) => n <= LISTING_MAX_LENGTH).sort((a, b) => a - b);
}

/**
 * Rows per page for one list: the spec's size until the person picks another, then their pick,
 * remembered in this browser per list (keyed by the listing endpoint, so every copy of a list
 * shares it). A stored value that is no longer offered falls back to the spec's size.
 */
export function usePageSize(endpoint: string, specSize: number): [number, (size: number) => void] {
  const [stored, setStored] = useLocalStorage<number>({
    key: `almoner.pageSize:${endpoint}`,
    defaultValue: specSize,
    getInitialValueInEffect: false,
  });
  const size = pageSizeChoices(specSize).includes(stored) ? stored : specSize;
  return [size, setStored];
}
