import { createTheme } from '@mantine/core';

/**
 * Spec part 3 §2.1 / §9: mobile navigation collapses below 768 px. Mantine's `sm` breakpoint is
 * 48em = 768 px (set explicitly below so a theme change cannot move it silently).
 */
export const MOBILE_NAV_BREAKPOINT = 'sm';

export const theme = createTheme({
  primaryColor: 'teal',
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: { fontWeight: '650' },
  breakpoints: { xs: '36em', sm: '48em', md: '62em', lg: '75em', xl: '88em' },
  focusRing: 'auto',
});
