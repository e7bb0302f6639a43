// Money arrives from the database in minor units with an ISO currency (VND has no decimals, USD two).
// Shown with Intl in the user's locale; exported as plain decimal numbers.

/** Minor units per currency as the database's `currencies` table gives them (code → decimals). */
export type MinorUnits = ReadonlyMap<string, number> | Readonly<Record<string, number>>;

function listed(units: MinorUnits | undefined, currency: string): number | undefined {
  if (!units) return undefined;
  const v = units instanceof Map ? units.get(currency) : (units as Record<string, number>)[currency];
  return typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 4 ? v : undefined;
}

/** Decimals of a currency: the database's list first (it is what amounts were stored against), else ISO 4217 via Intl. */
export function fractionDigits(currency: string, units?: MinorUnits): number {
  const fromList = listed(units, currency);
  if (fromList !== undefined) return fromList;
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

export function formatMoney(minor: number, currency: string, locale: string, units?: MinorUnits): string {
  const digits = fractionDigits(currency, units);
  // Exact: the integer of minor units becomes a decimal string (no float division), which Intl formats.
  const value = majorUnits(minor, currency, units);
  try {
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(value as unknown as number);
  } catch {
    return `${value} ${currency}`;
  }
}

/** A decimal string in major units without grouping, exact for integers of minor units ("1234567", "12.05"). */
export function majorUnits(minor: number, currency: string, units?: MinorUnits): string {
  const digits = fractionDigits(currency, units);
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

/** Why a typed amount is refused (each is an i18n key under `money.`). */
export type AmountProblem = 'required' | 'format' | 'decimals' | 'zero' | 'too_large';

/**
 * An amount typed in major units → exact integer minor units, parsed as a string (no floating point):
 * "12.05" USD → 1205, "250000" VND → 250000. One decimal separator, "." or "," (a comma is the decimal
 * mark in vi and fr); spaces are dropped (grouping typed as "250 000"); no other grouping, since "250.000"
 * would be ambiguous. At most `minorUnits` decimals (VND none: "250.5" is refused, never rounded).
 * Bounds: above 0, at most `maxMinor` (the currency's `max_amount_minor`).
 */
export function parseMajor(
  text: string,
  minorUnits: number,
  maxMinor: number,
): { minor: number } | { problem: AmountProblem } {
  const s = text.replace(/[\s\u00a0\u202f]/g, '');
  if (!s) return { problem: 'required' };
  const m = /^(\d+)(?:[.,](\d*))?$/.exec(s);
  if (!m) return { problem: 'format' };
  const whole = m[1]!;
  const frac = m[2] ?? ''; // "250.000" VND is refused, not read as 250: more decimals than the currency has
  if (frac.length > minorUnits) return { problem: 'decimals' };
  const digits = (whole + frac.padEnd(minorUnits, '0')).replace(/^0+(?=\d)/, '');
  // Compare as digit strings first: a long input never becomes an inexact number.
  const max = String(maxMinor);
  if (digits.length > max.length || (digits.length === max.length && digits > max)) return { problem: 'too_large' };
  const minor = Number(digits);
  if (minor === 0) return { problem: 'zero' };
  return { minor };
}
