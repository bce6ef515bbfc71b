import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/**
 * The Dominó look: deep green table felt, ivory tiles, gold accents. Trustworthy first (money is
 * involved), festive second.
 */
const felt: MantineColorsTuple = [
  '#eaf6ef',
  '#d3eadc',
  '#a6d4b9',
  '#76bd94',
  '#4fa976',
  '#369c63',
  '#1f7a4a',
  '#17643c',
  '#0f4d2f',
  '#0a3322',
];

const gold: MantineColorsTuple = [
  '#fff8e1',
  '#fdedc0',
  '#f9dc8c',
  '#f5ca55',
  '#f1bb2c',
  '#e5a912',
  '#c99207',
  '#a87a05',
  '#8a6404',
  '#6e5003',
];

/** WCAG 2 relative luminance of a `#rrggbb` colour. */
function luminanceOf(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two `#rrggbb` colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminanceOf(a), luminanceOf(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** `hex` laid at `alpha` over white, as `#rrggbb` (Mantine's "light" backgrounds). */
function overWhite(hex: string, alpha: number): string {
  const mix = (i: number) =>
    Math.round(255 - (255 - parseInt(hex.slice(i, i + 2), 16)) * alpha)
      .toString(16)
      .padStart(2, '0');
  return `#${mix(1)}${mix(3)}${mix(5)}`;
}

/** WCAG AA for normal text. */
const AA = 4.5;
/** The light surfaces text sits on: white, the theme's white and the ivory of cards. */
const LIGHT_SURFACES = ['#ffffff', '#fffdf7', '#faf6ec'];

/** `hex` darkened toward black by `amount` (0 to 1). */
function towardBlack(hex: string, amount: number): string {
  const part = (i: number) =>
    Math.round(parseInt(hex.slice(i, i + 2), 16) * (1 - amount))
      .toString(16)
      .padStart(2, '0');
  return `#${part(1)}${part(3)}${part(5)}`;
}

/**
 * The lightest shade of `tuple`, from `from` on, that reads at AA on every one of `surfaces`;
 * when none does, the darkest shade darkened just enough.
 */
export function readableShade(
  tuple: readonly string[],
  surfaces: readonly string[],
  from = 6,
): string {
  const reads = (c: string) => surfaces.every((bg) => contrastRatio(c, bg) >= AA);
  for (let i = from; i < tuple.length; i++) {
    const shade = tuple[i] as string;
    if (reads(shade)) return shade;
  }
  const darkest = tuple[tuple.length - 1] as string;
  for (let amount = 0.05; amount < 1; amount += 0.05) {
    const darker = towardBlack(darkest, amount);
    if (reads(darker)) return darker;
  }
  return '#000000';
}

/**
 * Colours Mantine derives that fall short of WCAG AA (4.5:1 for text) on this theme's light
 * surfaces (docs/decisions/044-keyboard-and-screen-reader.md), made darker just enough: "dimmed"
 * text (gray.6, 3.3:1 on white, becomes 6.1:1), and for every palette colour the text colour
 * (`c="red"`), the outline colour and the text of the "light" variant (on its own 10-12% tint).
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => {
  const light: Record<string, string> = { '--mantine-color-dimmed': '#5c636a' };
  for (const [name, tuple] of Object.entries(t.colors)) {
    if (name === 'dark') continue;
    const readable = readableShade(tuple, LIGHT_SURFACES);
    light[`--mantine-color-${name}-text`] = readable;
    light[`--mantine-color-${name}-outline`] = readable;
    // The light variant's background: a tint of the colour (its lightest shades, or a 10-12%
    // wash of shades 6 and 7 over white, depending on the component).
    const tint = [
      ...tuple.slice(0, 3),
      ...[0.1, 0.12].flatMap((a) => [overWhite(tuple[6], a), overWhite(tuple[7], a)]),
    ];
    light[`--mantine-color-${name}-light-color`] = readableShade(tuple, tint);
  }
  return { variables: {}, light, dark: {} };
};

export const theme = createTheme({
  primaryColor: 'felt',
  primaryShade: { light: 7, dark: 5 },
  colors: { felt, gold },
  white: '#fffdf7',
  // Pure black: with the 0.179 luminance threshold below, black or white text on any filled
  // colour reads at 4.58:1 or better; a tinted black (#14201a) fell to 4:1 on mid blues.
  black: '#000000',
  defaultRadius: 'md',
  autoContrast: true,
  // Filled surfaces get black or white text, whichever contrasts more: the two are equal at
  // luminance 0.179, so either choice then reads at 4.58:1 or better (WCAG AA).
  luminanceThreshold: 0.179,
  cursorType: 'pointer',
  // Mantine's transitions (modals, menus, collapses) are instant for a player who asked the
  // system for reduced motion, like the app's own animations (app/global.css).
  respectReducedMotion: true,
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: {
    fontFamily: 'Georgia, "DejaVu Serif", "Times New Roman", serif',
    fontWeight: '700',
  },
  other: {
    ivory: '#faf6ec',
    feltDark: '#0a3322',
  },
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Card: { defaultProps: { radius: 'lg', withBorder: true } },
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: { defaultProps: { size: 'md' } },
    Select: { defaultProps: { size: 'md' } },
    // A table wider than a phone scrolls sideways: its scroll area is a Tab stop, so that a
    // keyboard can scroll it too (axe-core "scrollable-region-focusable", decision 044).
    TableScrollContainer: {
      defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } },
    },
  },
});
