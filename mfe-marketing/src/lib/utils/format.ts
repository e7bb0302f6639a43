// Money and number formatting in the user's locale (USD: the calculator's figures are in dollars).
//
// The product's three locales are formatted here by hand, the way Intl.NumberFormat writes them
// (format.test.ts compares both): a page's first Intl formatter loads the locale's data, one task of
// 40-70 ms on a mid-range phone, and Hotels would pay it in the render that shows the page. Any other
// locale goes to Intl.
import type { Locale } from '@guestmap/shared-ui/contracts';

interface Shape {
  group: string;
  decimal: string;
  money: (n: string) => string;
  percent: (n: string) => string;
}

const NBSP = '\u00a0';
const NNBSP = '\u202f';
const SHAPES: Record<string, Shape> = {
  en: { group: ',', decimal: '.', money: (n) => `$${n}`, percent: (n) => `${n}%` },
  vi: { group: '.', decimal: ',', money: (n) => `${n}${NBSP}US$`, percent: (n) => `${n}%` },
  fr: { group: NNBSP, decimal: ',', money: (n) => `${n}${NBSP}$US`, percent: (n) => `${n}${NBSP}%` },
};
const LANG_OF: Record<string, string> = { 'en-US': 'en', en: 'en', 'vi-VN': 'vi', vi: 'vi', 'fr-FR': 'fr', fr: 'fr' };
/** The hand-written shape for a finite value in one of the product's locales; otherwise Intl writes it. */
const shapeFor = (locale: string, value: number): Shape | undefined =>
  Number.isFinite(value) ? SHAPES[LANG_OF[locale] ?? ''] : undefined;

/** The digits of |value| with at least `min` and at most `max` decimals, grouped by thousands. */
function digits(value: number, min: number, max: number, shape: Shape): string {
  // toFixed rounds the exact binary value half up, as Intl's default (half away from zero) does for |value|.
  const [int = '0', whole = ''] = Math.abs(value).toFixed(max).split('.');
  let frac = whole;
  while (frac.length > min && frac.endsWith('0')) frac = frac.slice(0, -1);
  let grouped = '';
  for (let i = int.length; i > 0; i -= 3)
    grouped = int.slice(Math.max(0, i - 3), i) + (grouped ? shape.group + grouped : '');
  return frac ? grouped + shape.decimal + frac : grouped;
}

const negative = (value: number) => value < 0 || Object.is(value, -0);

const cache = new Map<string, Intl.NumberFormat>();
function intl(locale: string, opts: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(opts)}`;
  let f = cache.get(key);
  if (!f) cache.set(key, (f = new Intl.NumberFormat(locale, opts)));
  return f;
}

export function formatMoney(value: number, locale: Locale | string, whole = false): string {
  const shape = shapeFor(locale, value);
  const places = whole ? 0 : 2;
  if (!shape) {
    return intl(locale, {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: places,
      maximumFractionDigits: places,
    }).format(value);
  }
  return (negative(value) ? '-' : '') + shape.money(digits(value, places, places, shape));
}

export function formatNumber(value: number, locale: Locale | string): string {
  const shape = shapeFor(locale, value);
  if (!shape) return intl(locale, { maximumFractionDigits: 2 }).format(value);
  return (negative(value) ? '-' : '') + digits(value, 0, 2, shape);
}

/** `percent` is in percent (12.5 → "12.5%"). */
export function formatPercent(percent: number, locale: Locale | string): string {
  const shape = shapeFor(locale, percent);
  if (!shape) return intl(locale, { style: 'percent', maximumFractionDigits: 2 }).format(percent / 100);
  return (negative(percent) ? '-' : '') + shape.percent(digits(percent, 0, 2, shape));
}
