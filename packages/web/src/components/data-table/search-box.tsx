import { LISTING_MAX_SEARCH } from '@almoner/contracts';
import { CloseButton, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';

/** Spec part 3 §9: search waits 1000 ms after typing; Enter searches at once. */
export const SEARCH_DEBOUNCE_MS = 1000;

export function SearchBox({ value, onSearch, label = 'Search' }: { value: string; onSearch: (v: string) => void; label?: string }) {
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // Follow the URL when it changes elsewhere (Back, "Clear filters"): adjust during render.
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setText(value);
  }
  useEffect(() => () => clearTimeout(timer.current), []);

  const commit = (next: string) => {
    clearTimeout(timer.current);
    if (next.trim() !== value) onSearch(next.trim());
  };
  const handleChange = (next: string) => {
    setText(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => commit(next), SEARCH_DEBOUNCE_MS);
  };

  return (
    <TextInput
      aria-label={label}
      placeholder={`${label}…`}
      leftSection={<IconSearch size={16} />}
      maxLength={LISTING_MAX_SEARCH}
      value={text}
      onChange={(e) => handleChange(e.currentTarget.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          commit(text);
        }
      }}
      rightSection={text ? <CloseButton aria-label="Clear search" size="sm" onClick={() => { setText(''); commit(''); }} /> : null}
      w={{ base: '100%', sm: 280 }}
    />
  );
}
