// Money and number formatting in the user's locale (USD: the calculator's figures are in dollars).
import type { Locale } from '@guestmap/shared-ui/contracts';

const cache = new Map<string, Intl.NumberFormat>();
function fmt(locale: string, opts: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(opts)}`;
  let f = cache.get(key);
  if (!f) cache.set(key, (f = new Intl.NumberFormat(locale, opts)));
  return f;
}

export const formatMoney = (value: number, locale: Locale | string, whole = false) =>
  fmt(locale, { style: 'currency', currency: 'USD', minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: whole ? 0 : 2 }).format(value);

export const formatNumber = (value: number, locale: Locale | string) => fmt(locale, { maximumFractionDigits: 2 }).format(value);

export const formatPercent = (percent: number, locale: Locale | string) => fmt(locale, { style: 'percent', maximumFractionDigits: 2 }).format(percent / 100);
