import { describe, expect, it } from 'vitest';
import { formatMoney, formatNumber, formatPercent } from './format.ts';

const LOCALES = ['en-US', 'vi-VN', 'fr-FR'] as const;
// Whole amounts, cents, thousands, millions, rounding up across a thousand, negatives, zero and minus zero.
const VALUES = [
  0, -0, 5, 0.5, 0.125, 12.34, 999.995, 1000, 1234.5, -1234.567, 65432.1, 1234567.891, -0.001, 80, 20, 7.25,
];

describe('formatting without Intl for the product’s locales', () => {
  for (const locale of LOCALES) {
    it(`writes money, numbers and percentages as Intl does in ${locale}`, () => {
      for (const v of VALUES) {
        expect(formatMoney(v, locale)).toBe(
          new Intl.NumberFormat(locale, {
            style: 'currency',
            currency: 'USD',
            minimumFractionDigits: 2,
            maximumFractionDigits: 2,
          }).format(v),
        );
        expect(formatMoney(v, locale, true)).toBe(
          new Intl.NumberFormat(locale, {
            style: 'currency',
            currency: 'USD',
            minimumFractionDigits: 0,
            maximumFractionDigits: 0,
          }).format(v),
        );
        expect(formatNumber(v, locale)).toBe(new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(v));
        expect(formatPercent(v, locale)).toBe(
          new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(v / 100),
        );
      }
    });
  }

  it('uses each language’s separators and currency sign', () => {
    expect(formatMoney(1234.5, 'en-US')).toBe('$1,234.50');
    expect(formatMoney(1234.5, 'vi-VN')).toBe('1.234,50\u00a0US$');
    expect(formatMoney(1234.5, 'fr-FR')).toBe('1\u202f234,50\u00a0$US');
    expect(formatPercent(12.5, 'fr-FR')).toBe('12,5\u00a0%');
  });

  it('leaves other locales and non-finite values to Intl', () => {
    expect(formatMoney(1234.5, 'de-DE')).toBe(
      new Intl.NumberFormat('de-DE', {
        style: 'currency',
        currency: 'USD',
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      }).format(1234.5),
    );
    expect(formatNumber(Number.NaN, 'en-US')).toBe('NaN');
  });
});
