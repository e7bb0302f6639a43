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
    const s = sumByCurrency([{ currency: 'VND', a: 1 }, { currency: 'USD', a: 2 }, { currency: 'VND', a: 3 }], (r) => r.a);
    expect([...s]).toEqual([['VND', 4], ['USD', 2]]);
  });
});
