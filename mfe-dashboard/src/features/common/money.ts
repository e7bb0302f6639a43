// Money arrives from the database in minor units with an ISO currency (VND has no decimals, USD two).
// Shown with Intl in the user's locale; exported as plain decimal numbers.

export function fractionDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

export function formatMoney(minor: number, currency: string, locale: string): string {
  const digits = fractionDigits(currency);
  return new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits }).format(minor / 10 ** digits);
}

/** A decimal string in major units without grouping, exact for integers of minor units ("1234567", "12.05"). */
export function majorUnits(minor: number, currency: string): string {
  const digits = fractionDigits(currency);
  if (digits === 0) return String(minor);
  const sign = minor < 0 ? '-' : '';
  const abs = String(Math.abs(minor)).padStart(digits + 1, '0');
  return `${sign}${abs.slice(0, -digits)}.${abs.slice(-digits)}`;
}

/** Sums per currency: amounts in different currencies are never added together. */
export function sumByCurrency<T extends { currency: string }>(rows: T[], pick: (r: T) => number): Map<string, number> {
  const out = new Map<string, number>();
  for (const r of rows) out.set(r.currency, (out.get(r.currency) ?? 0) + pick(r));
  return out;
}
