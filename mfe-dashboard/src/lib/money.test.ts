import { describe, expect, it } from 'vitest';
import { formatMoney, majorUnits, sumByCurrency, fractionDigits } from './money.ts';

describe('money in minor units', () => {
  it('knows that VND has no decimals and USD two', () => {
    expect(fractionDigits('VND')).toBe(0);
    expect(fractionDigits('USD')).toBe(2);
  });
  it('formats in the locale, without inventing decimals', () => {
    expect(formatMoney(1234567, 'VND', 'en-US')).toBe('₫1,234,567');
    expect(formatMoney(1234567, 'VND', 'vi-VN').replace(/\s/g, ' ')).toBe('1.234.567 ₫');
    expect(formatMoney(1205, 'USD', 'en-US')).toBe('$12.05');
  });
  it('writes exact decimal strings for export', () => {
    expect(majorUnits(1234567, 'VND')).toBe('1234567');
    expect(majorUnits(5, 'USD')).toBe('0.05');
    expect(majorUnits(-1205, 'EUR')).toBe('-12.05');
  });
  it('never adds different currencies', () => {
    const s = sumByCurrency(
      [
        { currency: 'VND', a: 1 },
        { currency: 'USD', a: 2 },
        { currency: 'VND', a: 3 },
      ],
      (r) => r.a,
    );
    expect([...s]).toEqual([
      ['VND', 4],
      ['USD', 2],
    ]);
  });
});

describe('money by the minor units of the currencies list (issue #27)', () => {
  const units = new Map([
    ['VND', 0],
    ['USD', 2],
    ['EUR', 2],
    ['JPY', 0],
    ['KRW', 0],
    ['CNY', 2],
    ['THB', 2],
    ['SGD', 2],
    ['AUD', 2],
    ['GBP', 2],
  ]);
  it('shows no decimals for currencies without minor units (VND, JPY, KRW)', () => {
    expect(formatMoney(50000, 'VND', 'en-US', units)).toBe('₫50,000');
    expect(formatMoney(1500, 'JPY', 'en-US', units)).toBe('¥1,500');
    expect(formatMoney(12000, 'KRW', 'en-US', units)).toBe('₩12,000');
    expect(formatMoney(50000, 'VND', 'vi-VN', units).replace(/\s/g, ' ')).toBe('50.000 ₫');
  });
  it('places two decimals for currencies with cents, in each language of the product', () => {
    expect(formatMoney(1205, 'USD', 'en-US', units)).toBe('$12.05');
    expect(formatMoney(5, 'EUR', 'fr-FR', units).replace(/\s/g, ' ')).toBe('0,05 €');
    expect(formatMoney(123456, 'GBP', 'vi-VN', units).replace(/\s/g, ' ')).toBe('1.234,56 £');
    expect(formatMoney(-1, 'SGD', 'en-US', units).replace(/\s/g, ' ')).toBe('-SGD 0.01');
  });
  it('follows the database list over ISO when they differ (a list entry wins), and ignores nonsense entries', () => {
    expect(fractionDigits('VND', { VND: 2 })).toBe(2);
    expect(fractionDigits('USD', { USD: -1 })).toBe(2);
    expect(fractionDigits('USD', { USD: 1.5 })).toBe(2);
    expect(majorUnits(123, 'VND', { VND: 2 })).toBe('1.23');
  });
  it('is exact for the largest amounts a currency allows (no float rounding)', () => {
    expect(formatMoney(900719925474099, 'USD', 'en-US', units)).toBe('$9,007,199,254,740.99');
    expect(majorUnits(900719925474099, 'USD', units)).toBe('9007199254740.99');
    expect(formatMoney(999999999999, 'VND', 'en-US', units)).toBe('₫999,999,999,999');
  });
});
