import { describe, expect, it } from 'vitest';
import { theme } from 'antd';
import { antdThemeTokens, BREAKPOINTS, PRIMARY } from './index.ts';

describe('design tokens', () => {
  it('keep the spec breakpoints and primary colours', () => {
    expect(BREAKPOINTS).toEqual({ xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920, xxl: 2560 });
    expect(PRIMARY).toEqual({ light: '#5AB77B', dark: '#68529E' });
  });

  it('make a theme antd accepts, with the spec breakpoints', () => {
    for (const mode of ['light', 'dark'] as const) {
      const t = antdThemeTokens(mode).token;
      // antd validates the responsive tokens when it derives the theme: this throws on bad values.
      const derived = theme.getDesignToken({
        token: t,
        algorithm: mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
      });
      expect(derived.screenSM).toBe(600);
      // The consistency antd's responsive observer checks at runtime (it throws otherwise).
      const order = ['XS', 'SM', 'MD', 'LG', 'XL', 'XXL', 'XXXL'] as const;
      const tok = derived as unknown as Record<string, number>;
      order.forEach((k, i) => {
        expect(tok[`screen${k}Min`]).toBeLessThanOrEqual(tok[`screen${k}`]!);
        if (k !== 'XXXL') {
          expect(tok[`screen${k}`]).toBeLessThanOrEqual(tok[`screen${k}Max`]!);
          expect(tok[`screen${k}Max`]).toBeLessThan(tok[`screen${order[i + 1]}Min`]!);
        }
      });
      expect(derived.screenMD).toBe(960);
      expect(derived.screenXXL).toBe(2560);
      // The spec's colour is the seed; antd's dark algorithm derives its own shades from it.
      expect(t.colorPrimary).toBe(PRIMARY[mode]);
      if (mode === 'light') expect(derived.colorPrimary.toLowerCase()).toBe(PRIMARY.light.toLowerCase());
    }
  });
});
