import { describe, expect, it } from 'vitest';
import { formatMoney, parseAmount } from './money.ts';

describe('amounts typed by partner staff', () => {
  it.each([
    ['1,250,000', 1_250_000],
    ['1.250.000', 1_250_000],
    ['1 250 000 ₫', 1_250_000],
    ['250000', 250_000],
    ['250.000 VND', 250_000],
  ])('VND %s → %i', (s, v) => expect(parseAmount(s, 'VND')).toBe(v));
  it.each(['', '0', '-5', 'abc', '1e6', '12,5x'])('refuses %j', (s) => expect(parseAmount(s, 'VND')).toBeNull());
  it('reads decimals for currencies with minor units', () => {
    expect(parseAmount('12.50', 'USD')).toBe(1250);
    expect(parseAmount('1,234.5', 'USD')).toBe(123450);
    expect(parseAmount('12,50 €', 'EUR')).toBe(1250);
    expect(parseAmount('7', 'USD')).toBe(700);
  });
  it('formats in the reader language', () => {
    expect(formatMoney(1_250_000, 'VND', 'en-US')).toBe('₫1,250,000');
    expect(formatMoney(1_250_000, 'VND', 'vi-VN').replace(/\s/g, ' ')).toBe('1.250.000 ₫');
    expect(formatMoney(1250, 'USD', 'en-US')).toBe('$12.50');
  });
});
