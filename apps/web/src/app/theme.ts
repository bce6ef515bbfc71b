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

/**
 * Colours Mantine derives that fall short of WCAG AA (4.5:1 for text) on this theme's light
 * surfaces (docs/decisions/044-keyboard-and-screen-reader.md): "dimmed" text is gray.6 (3.3:1
 * on white) by default; here a darker gray, 6.1:1 on white and 5.5:1 on the felt tint.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5c636a' },
  dark: {},
});

export const theme = createTheme({
  primaryColor: 'felt',
  primaryShade: { light: 7, dark: 5 },
  colors: { felt, gold },
  white: '#fffdf7',
  black: '#14201a',
  defaultRadius: 'md',
  autoContrast: true,
  cursorType: 'pointer',
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
  },
});
