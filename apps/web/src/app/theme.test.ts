import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { contrastRatio, cssVariablesResolver, readableShade, theme } from './theme';

const full = mergeMantineTheme(DEFAULT_THEME, theme);

describe('theme contrast (WCAG AA)', () => {
  it('computes contrast ratios as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#868e96', '#ffffff')).toBeCloseTo(3.32, 2);
  });

  it('picks the lightest shade that reads at 4.5:1 on every surface', () => {
    const shade = readableShade(full.colors.gray, ['#ffffff']);
    expect(contrastRatio(shade, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(shade).toBe(full.colors.gray[7]);
  });

  it('gives dimmed text and every colour’s text, outline and light-variant text 4.5:1 or more', () => {
    const { light } = cssVariablesResolver(full);
    expect(contrastRatio(light['--mantine-color-dimmed'] as string, '#ffffff')).toBeGreaterThan(
      4.5,
    );
    for (const name of Object.keys(full.colors)) {
      if (name === 'dark') continue;
      for (const bg of ['#ffffff', '#fffdf7', '#faf6ec']) {
        expect(
          contrastRatio(light[`--mantine-color-${name}-text`] as string, bg),
          `${name} on ${bg}`,
        ).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it('puts black or white on a filled colour, whichever reads at AA', () => {
    // Mantine picks black above the luminance threshold: at 0.179 both choices clear 4.5:1.
    expect(full.luminanceThreshold).toBeCloseTo(0.179, 3);
  });
});
