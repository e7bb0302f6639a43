// The price rules of the editor and the CSV import: whole đồng, 0 or more, lowest first; the highest left empty
// means a single price.
import { describe, expect, it } from 'vitest';
import { maxPriceError, parseVndCell, priceErrors, toPriceColumns } from './vnd-price.ts';

describe('priceErrors', () => {
  it.each([
    [null, null, []],
    [150_000, null, []],
    [0, 0, []],
    [100_000, 200_000, []],
    [-1, null, ['priceWhole']],
    [1.5, null, ['priceWhole']],
    [100_000, 100_000.5, ['priceWhole']],
    [1, 1_000_000_000_001, ['priceWhole']],
    [null, 50_000, ['priceMinFirst']],
    [200_000, 100_000, ['priceOrder']],
  ])('%j – %j → %j', (min, max, errors) => expect(priceErrors(min, max)).toEqual(errors));
});

it('the highest field names only what is wrong with the highest (the lowest field speaks for the lowest)', () => {
  expect(maxPriceError(40_000.5, 50_000)).toBeNull();
  expect(maxPriceError(40_000, null)).toBeNull();
  expect(maxPriceError(40_000, 30_000)).toBe('priceOrder');
  expect(maxPriceError(null, 30_000)).toBe('priceMinFirst');
  expect(maxPriceError(40_000, -1)).toBe('priceWhole');
});

it("a voucher's value starts at 1 ₫ (the lowest allowed is the caller's): 0 is refused there, not for a place", () => {
  expect(priceErrors(0, null)).toEqual([]);
  expect(priceErrors(0, null, 1)).toEqual(['priceWhole']);
  expect(priceErrors(1, 1, 1)).toEqual([]);
  expect(maxPriceError(1, 0, 1)).toBe('priceWhole');
  expect(maxPriceError(65_000, 40_000, 1)).toBe('priceOrder');
});

it('a single price is stored as the same lowest and highest', () => {
  expect(toPriceColumns(75_000, null)).toEqual({ price_min_vnd: 75_000, price_max_vnd: 75_000 });
  expect(toPriceColumns(60_000, 120_000)).toEqual({ price_min_vnd: 60_000, price_max_vnd: 120_000 });
  expect(toPriceColumns(null, 120_000)).toEqual({ price_min_vnd: null, price_max_vnd: null });
});

describe('parseVndCell', () => {
  it.each([
    ['', null],
    ['150000', 150_000],
    ['150.000', 150_000],
    ['1,250,000', 1_250_000],
    ['150 000 ₫', 150_000],
    ['150\u202f000', 150_000],
    ['0', 0],
    ['150.5', 'invalid'],
    ['1.250,000', 'invalid'],
    ['-5', 'invalid'],
    ['US$10', 'invalid'],
  ])('%j → %j', (cell, value) => expect(parseVndCell(cell)).toBe(value));
});
