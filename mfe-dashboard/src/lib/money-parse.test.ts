import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fractionDigits, majorUnits, parseMajor } from './money.ts';

// Example bounds (the parser takes the currency's max_amount_minor as given); the real rows are tested below.
const VND = [0, 100_000_000_000] as const;
const USD = [2, 10_000_000_00] as const;

describe('major → minor units, exactly', () => {
  it('VND has no minor unit: whole dong only', () => {
    expect(parseMajor('250000', ...VND)).toEqual({ minor: 250000 });
    expect(parseMajor(' 250 000 ', ...VND)).toEqual({ minor: 250000 });
    expect(parseMajor('250000.0', ...VND)).toEqual({ problem: 'decimals' });
    expect(parseMajor('250.000', ...VND)).toEqual({ problem: 'decimals' });
    expect(parseMajor('250000,5', ...VND)).toEqual({ problem: 'decimals' });
  });
  it('USD has two: cents without floating-point error', () => {
    expect(parseMajor('12.05', ...USD)).toEqual({ minor: 1205 });
    expect(parseMajor('12,05', ...USD)).toEqual({ minor: 1205 });
    expect(parseMajor('0.29', ...USD)).toEqual({ minor: 29 }); // 0.29 * 100 = 28.999999999999996
    expect(parseMajor('1.1', ...USD)).toEqual({ minor: 110 });
    expect(parseMajor('4.35', ...USD)).toEqual({ minor: 435 }); // 4.35 * 100 = 434.99999999999994
    expect(parseMajor('12.', ...USD)).toEqual({ minor: 1200 });
    expect(parseMajor('0012.50', ...USD)).toEqual({ minor: 1250 });
    expect(parseMajor('12.345', ...USD)).toEqual({ problem: 'decimals' });
    expect(parseMajor('12.050', ...USD)).toEqual({ problem: 'decimals' });
  });
  it('refuses what is not an amount', () => {
    for (const bad of ['-5', '1e3', '12.05.1', '1,234.56', 'abc', '$12', '.5', '0x10', '12 USD'])
      expect(parseMajor(bad, ...USD)).toEqual({ problem: 'format' });
    expect(parseMajor('', ...USD)).toEqual({ problem: 'required' });
    expect(parseMajor('   ', ...VND)).toEqual({ problem: 'required' });
  });
  it('bounds: above zero, at most the currency maximum, even for very long input', () => {
    expect(parseMajor('0', ...VND)).toEqual({ problem: 'zero' });
    expect(parseMajor('0.00', ...USD)).toEqual({ problem: 'zero' });
    expect(parseMajor('0.01', ...USD)).toEqual({ minor: 1 });
    expect(parseMajor('100000000000', ...VND)).toEqual({ minor: 100_000_000_000 });
    expect(parseMajor('100000000001', ...VND)).toEqual({ problem: 'too_large' });
    expect(parseMajor('10000000.00', ...USD)).toEqual({ minor: 1_000_000_000 });
    expect(parseMajor('10000000.01', ...USD)).toEqual({ problem: 'too_large' });
    expect(parseMajor('99999999999999999999999999', ...VND)).toEqual({ problem: 'too_large' });
    expect(parseMajor('000000000000000000000001', ...VND)).toEqual({ minor: 1 });
  });
  it('JPY-like currencies (0 decimals) and three-decimal ones follow their minor units', () => {
    expect(parseMajor('1500', 0, 1e10)).toEqual({ minor: 1500 });
    expect(parseMajor('1.234', 3, 1e10)).toEqual({ minor: 1234 });
  });
});

// Every currency the database accepts (the `currencies` rows of the settlement migration): its own minor units
// and bound, and the display (Intl) agrees with the minor units the parser uses.
const migration = fs.readFileSync(
  path.join(import.meta.dirname, '../../../supabase/migrations/20261126000100_settlement.sql'),
  'utf8',
);
const CURRENCIES = [
  ...migration
    .slice(migration.indexOf('insert into public.currencies'))
    .split(';')[0]!
    .matchAll(/\('([A-Z]{3})', (\d), (\d+)\)/g),
].map((m) => ({ code: m[1]!, units: Number(m[2]), max: Number(m[3]) }));

describe('per currency of the currencies table', () => {
  it('lists the contract currencies', () => {
    expect(CURRENCIES.map((c) => c.code).sort()).toEqual(
      expect.arrayContaining(['AUD', 'CNY', 'EUR', 'GBP', 'JPY', 'KRW', 'SGD', 'THB', 'USD', 'VND']),
    );
  });
  for (const c of CURRENCIES) {
    it(`${c.code}: ${c.units} minor units, at most ${c.max}`, () => {
      expect(fractionDigits(c.code)).toBe(c.units);
      const major = majorUnits(c.max, c.code);
      expect(parseMajor(major, c.units, c.max)).toEqual({ minor: c.max });
      expect(parseMajor(majorUnits(c.max + 1, c.code), c.units, c.max)).toEqual({ problem: 'too_large' });
      expect(parseMajor(majorUnits(1, c.code), c.units, c.max)).toEqual({ minor: 1 });
      expect(parseMajor(`1.${'0'.repeat(c.units)}5`, c.units, c.max)).toEqual({ problem: 'decimals' });
      // 1234.56 in a two-decimal currency is 123456 cents, in a zero-decimal one it is refused.
      expect(parseMajor('1234.56', c.units, c.max)).toEqual(
        c.units >= 2 ? { minor: 123456 * 10 ** (c.units - 2) } : { problem: 'decimals' },
      );
    });
  }
});
