import {
  createTheme,
  darken,
  defaultVariantColorsResolver,
  luminance,
  parseThemeColor,
  rem,
  type CSSVariablesResolver,
  type VariantColorsResolver,
} from '@mantine/core';

/**
 * Spec part 3 §2.1 / §9: mobile navigation collapses below 768 px. Mantine's `sm` breakpoint is
 * 48em = 768 px (set explicitly below so a theme change cannot move it silently).
 */
export const MOBILE_NAV_BREAKPOINT = 'sm';

/** WCAG AA for normal text. */
const AA = 4.5;
const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
};

/**
 * Text on a tinted background (light badges, alerts, light buttons) in the colour's darkest
 * shade, darkened further for the bright hues (yellow, orange, green) whose darkest shade still
 * reads too faintly: every such label meets WCAG AA on its tint.
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
  // Mantine hovers a filled shade 9 by going one shade lighter (teal.8 under white text is
  // 3.9:1); hover darker instead, which keeps the white label above AA.
  if (parsed.isThemeColor && (input.variant ?? 'filled') === 'filled' && colors.color === 'var(--mantine-color-white)') {
    const palette = input.theme.colors[parsed.color];
    const shade = parsed.shade ?? 9;
    if (palette && shade >= 8) return { ...colors, hover: darken(palette[shade] ?? palette[9], 0.12) };
  }
  if (!parsed.isThemeColor || !['light', 'subtle', 'outline'].includes(input.variant ?? '')) return colors;
  const palette = input.theme.colors[parsed.color];
  if (!palette) return colors;
  let text = palette[9];
  // The tint is the colour at ~10% over white; check against its lightest shade as a stand-in.
  for (let step = 0; step < 6 && contrast(text, palette[1]) < AA + 0.3; step++) text = darken(text, 0.12);
  return { ...colors, color: text, hoverColor: text };
};

/** Mantine's dimmed grey (gray.6) is 3.3:1 on white; this one is 6:1, still clearly secondary. */
const cssVariablesResolver: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: {
    // Filled buttons without a colour of their own read these: hover darker than shade 9, not
    // Mantine's lighter shade 8 (3.9:1 under white text).
    ...Object.fromEntries(
      Object.entries(theme.colors).map(([name, palette]) => [`--mantine-color-${name}-filled-hover`, darken(palette[9], 0.12)]),
    ),
    '--mantine-primary-color-filled-hover': darken(theme.colors[theme.primaryColor]![9], 0.12),
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-placeholder': '#5c636a',
    // Field errors are small text: Mantine's red.6 is 3.3:1 on white, red.9 is 5.5:1.
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
});

export const themeCssVariables = cssVariablesResolver;

export const theme = createTheme({
  // Staff who ask their system for less motion get none: modals, menus and drawers appear at
  // once instead of sliding or fading (WCAG 2.3.3).
  respectReducedMotion: true,
  primaryColor: 'teal',
  // Filled buttons and badges: shade 9 carries white text at 5:1 (Mantine's shade 6, 2.6:1).
  primaryShade: { light: 9, dark: 8 },
  // Filled colours pick black or white text, whichever meets AA on that shade.
  autoContrast: true,
  luminanceThreshold: 0.18,
  variantColorResolver,
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: { fontWeight: '650' },
  breakpoints: { xs: '36em', sm: '48em', md: '62em', lg: '75em', xl: '88em' },
  focusRing: 'auto',
  components: {
    // Every dialog's × button says what it does.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } },
    // …and every toast's.
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } },
    // The focus placeholder Mantine puts first in a menu is a non-item child with a tabindex,
    // which a role="menu" may not hold (axe: aria-required-children); focus the first item.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    // A loader is a bare span, and a span may not carry the aria-label that names what is
    // loading (axe: aria-prohibited-attr). It is an indeterminate progress bar (no value), which
    // may be named: "Loading files, progress bar". A progress bar must have a name (axe:
    // aria-progressbar-name): "Loading" unless the loader says what it loads.
    Loader: { defaultProps: { role: 'progressbar', 'aria-label': 'Loading' } },
    // Option lists of up to twelve show whole instead of in a scroller (Mantine's 250 px cuts
    // the contribution statuses, eleven with the three of disputes): a scroller inside a listbox
    // cannot take focus (axe: scrollable-region-focusable), while arrow keys reach every option
    // of a longer list.
    Select: { defaultProps: { maxDropdownHeight: 440 } },
    MultiSelect: { defaultProps: { maxDropdownHeight: 440 } },
    // A row under the pointer tints to gray.0, not Mantine's gray.1: a link in the row (a
    // contribution's number, a member's name) keeps 4.5:1 on it (axe found 4.49 on gray.1).
    Table: { defaultProps: { highlightOnHoverColor: 'gray.0' } },
    // WCAG 2.2 target size: a checkbox is at least 24 px square (Mantine's default is 20 px).
    Checkbox: { vars: (_theme: unknown, props: { size?: unknown }) => (props.size ? { root: {} } : { root: { '--checkbox-size': rem(24) } }) },
  },
});
