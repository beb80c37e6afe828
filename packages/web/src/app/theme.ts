import {
  createTheme,
  darken,
  defaultVariantColorsResolver,
  luminance,
  parseThemeColor,
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
  if (!parsed.isThemeColor || !['light', 'subtle', 'outline'].includes(input.variant ?? '')) return colors;
  const palette = input.theme.colors[parsed.color];
  if (!palette) return colors;
  let text = palette[9];
  // The tint is the colour at ~10% over white; check against its lightest shade as a stand-in.
  for (let step = 0; step < 6 && contrast(text, palette[1]) < AA + 0.3; step++) text = darken(text, 0.12);
  return { ...colors, color: text, hoverColor: text };
};

/** Mantine's dimmed grey (gray.6) is 3.3:1 on white; this one is 6:1, still clearly secondary. */
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5c636a', '--mantine-color-placeholder': '#5c636a' },
  dark: {},
});

export const themeCssVariables = cssVariablesResolver;

export const theme = createTheme({
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
  },
});
