// A price in whole đồng (docs/prices.md): a place's price or a voucher's value, one amount or a range from the lowest to the highest. The same
// rules as the database's checks (migration 20261205200000_vn_prices.sql), said before saving in the editor and
// for each line of an imported file. Error codes are i18n keys (`form.<code>`, `csv.price`).

/** The database's bound: 10^12 ₫. */
export const MAX_PRICE_VND = 1_000_000_000_000;

export type PriceError = 'priceWhole' | 'priceOrder' | 'priceMinFirst';

const wholeFrom = (lowest: number) => (n: number) => Number.isInteger(n) && n >= lowest && n <= MAX_PRICE_VND;

/**
 * What is wrong with a price as entered (lowest or only price, highest), [] when nothing. `lowest`: the smallest
 * amount allowed (a place's price may be 0, "free"; a voucher's value is at least 1 ₫, migration 20261206100000).
 */
export function priceErrors(min: number | null | undefined, max: number | null | undefined, lowest = 0): PriceError[] {
  const whole = wholeFrom(lowest);
  const errors: PriceError[] = [];
  if ((min != null && !whole(min)) || (max != null && !whole(max))) errors.push('priceWhole');
  if (min == null && max != null) errors.push('priceMinFirst');
  if (min != null && max != null && max < min) errors.push('priceOrder');
  return errors;
}

/** The highest field's own message (the lowest field says what is wrong with the lowest), null when none. */
export function maxPriceError(
  min: number | null | undefined,
  max: number | null | undefined,
  lowest = 0,
): PriceError | null {
  const whole = wholeFrom(lowest);
  if (max == null) return null;
  if (!whole(max)) return 'priceWhole';
  if (min == null) return 'priceMinFirst';
  return whole(min) && max < min ? 'priceOrder' : null;
}

/** The row's two columns from what was entered: the highest left empty means a single price. */
export function toPriceColumns(
  min: number | null | undefined,
  max: number | null | undefined,
): { price_min_vnd: number | null; price_max_vnd: number | null } {
  if (min == null) return { price_min_vnd: null, price_max_vnd: null };
  return { price_min_vnd: min, price_max_vnd: max ?? min };
}

/** A cell of đồng: digits, optionally grouped by threes with ".", "," or spaces ("150.000", "150 000"); null when empty. */
export function parseVndCell(cell: string): number | null | 'invalid' {
  const s = cell.trim().replace(/\s*(₫|đ|vnd)$/i, '');
  if (s === '') return null;
  if (/^\d+$/.test(s)) return Number(s);
  if (/^\d{1,3}([.,\s\u00a0\u202f]\d{3})+$/.test(s) && new Set(s.replace(/\d/g, '')).size === 1) {
    return Number(s.replace(/\D/g, ''));
  }
  return 'invalid';
}
