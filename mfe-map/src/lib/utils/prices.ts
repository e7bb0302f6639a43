// Prices in đồng and the estimate beside them (issue 43 item 4; docs/prices.md). A price is always shown in VND
// (Vietnamese rules forbid listing one in a foreign currency); a guest whose language or choice points to another
// currency also sees "≈ US$10": the price converted at a bank's published rate, rounded to two significant
// digits, and only while the rate is at most MAX_RATE_AGE_DAYS old. Pure functions: the component is
// lib/components/price-lines.tsx, the rates' read lib/api/get-rates.ts.

/** The currency a language points to for the estimate; Vietnamese guests need none. (Decision: docs/prices.md.) */
export const ESTIMATE_CURRENCY: Record<string, string | null> = {
  en: 'USD',
  fr: 'EUR',
  ko: 'KRW',
  ja: 'JPY',
  zh: 'CNY',
  vi: null,
};

/** Rates older than this (days since the bank's date, in Vietnam) give no estimate. */
export const MAX_RATE_AGE_DAYS = 7;

export interface ExchangeRate {
  currency: string;
  vnd_per_unit: number;
  source: string;
  /** The bank's date for the rate, YYYY-MM-DD. */
  as_of: string;
}

/** A price in whole đồng: a single one (min = max) or a range. */
export interface VndPrice {
  min: number;
  max: number;
}

/** The page's language code ('en' of 'en-US'). */
export const languageOf = (locale: string) => locale.split('-')[0]!.toLowerCase();

/** The currency of the estimate: the guest's choice ('' = none) when made, else their language's. */
export function estimateCurrency(locale: string, chosen: string | null | undefined): string | null {
  if (chosen !== null && chosen !== undefined) return chosen === '' || chosen === 'VND' ? null : chosen;
  return ESTIMATE_CURRENCY[languageOf(locale)] ?? null;
}

/** The rate's age in whole days: today in Vietnam minus the bank's date. */
export function rateAgeDays(asOf: string, now: Date): number {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' }).format(now); // YYYY-MM-DD
  return Math.round((Date.parse(today) - Date.parse(asOf)) / 86_400_000);
}

/** Whether an estimate may be shown from this rate: a valid date at most MAX_RATE_AGE_DAYS old. */
export function isRateFresh(asOf: string, now: Date, maxDays = MAX_RATE_AGE_DAYS): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(asOf) || Number.isNaN(Date.parse(asOf))) return false;
  return rateAgeDays(asOf, now) <= maxDays;
}

const RATE_SCALE = 10_000n; // the table's numeric(18, 4)

/**
 * n / d (positive integers) rounded to two significant digits, half up, computed exactly in integers and then
 * made a number: the nearest double to the decimal result (never NaN, never a binary artefact such as 0.35000000000000003).
 */
export function roundToTwoSignificant(n: bigint, d: bigint): number {
  if (n <= 0n || d <= 0n) return 0;
  // Find k with 10 ≤ n / (d·10^k) < 100.
  let k = 0;
  let num = n;
  let den = d;
  while (num >= 100n * den) {
    den *= 10n;
    k++;
  }
  while (num < 10n * den) {
    num *= 10n;
    k--;
  }
  const digits = (2n * num + den) / (2n * den); // 10..100, half up
  return k >= 0 ? Number(digits * 10n ** BigInt(k)) : Number(digits) / 10 ** -k;
}

/** An amount of đồng in the other currency at `vndPerUnit`, to two significant digits. */
export function convertVnd(vnd: number, vndPerUnit: number): number {
  if (!Number.isFinite(vnd) || !Number.isFinite(vndPerUnit) || vndPerUnit <= 0 || vnd <= 0) return 0;
  const rate = BigInt(Math.round(vndPerUnit * Number(RATE_SCALE)));
  if (rate <= 0n) return 0;
  return roundToTwoSignificant(BigInt(Math.round(vnd)) * RATE_SCALE, rate);
}

/** Both ends converted; the order of a range is kept (rounding never crosses). */
export function convertPrice(price: VndPrice, vndPerUnit: number): VndPrice {
  return { min: convertVnd(price.min, vndPerUnit), max: convertVnd(price.max, vndPerUnit) };
}

/** English guests see "US$10", not "$10" (which dollar, in a country of đồng?): international English for money. */
const moneyLocale = (locale: string) => (languageOf(locale) === 'en' ? 'en-001' : locale);

/** "150.000 ₫" (vi), "₫150,000" (en); a range as Intl writes one ("200.000-250.000 ₫"). */
export function formatVnd(price: VndPrice, locale: string): string {
  const f = new Intl.NumberFormat(moneyLocale(locale), {
    style: 'currency',
    currency: 'VND',
    maximumFractionDigits: 0,
  });
  return price.min === price.max ? f.format(price.min) : f.formatRange(price.min, price.max);
}

/** The converted amount in its currency ("US$2.8", "₩4,200", "￥450" in ja), two significant digits at most. */
export function formatEstimate(amount: VndPrice, currency: string, locale: string): string {
  const f = new Intl.NumberFormat(moneyLocale(locale), {
    style: 'currency',
    currency,
    maximumSignificantDigits: 2,
  });
  return amount.min === amount.max ? f.format(amount.min) : f.formatRange(amount.min, amount.max);
}

/** The bank's date in the guest's language ("3 Dec 2026", "2026. 12. 3."). */
export function formatRateDate(asOf: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${asOf}T00:00:00Z`),
  );
}

/** The price of a row, when it has one. */
export function priceOf(row: { price_min_vnd?: number | null; price_max_vnd?: number | null }): VndPrice | null {
  const { price_min_vnd: min, price_max_vnd: max } = row;
  return typeof min === 'number' && typeof max === 'number' ? { min, max } : null;
}
