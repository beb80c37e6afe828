import { useMediaQuery } from '@mantine/hooks';

/** Mantine's `sm` breakpoint (768 px), where the navigation folds away too: lists become cards. */
const PHONE = '(max-width: 48em)';

/** True on a phone-sized screen, known at the first render (no table drawn, then swapped). */
export function useIsPhone(): boolean {
  return useMediaQuery(PHONE, false, { getInitialValueInEffect: false });
}
