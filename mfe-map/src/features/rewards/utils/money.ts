// Amounts are integers in the currency's minor unit (VND has none, USD has cents).
export function fractionDigits(currency: string): number {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/**
 * Reads what partner staff type ("1,250,000", "1.250.000", "1 250 000 ₫", "12.50") as minor units;
 * null when it is not a positive amount. For a currency without minor units every separator is a
 * thousands separator; otherwise a final "." or "," followed by 1–2 digits is the decimal mark.
 */
export function parseAmount(input: string, currency: string): number | null {
  const digits = fractionDigits(currency);
  const s = input.replace(/[\s\u00a0\u202f₫$€]|VND|USD|EUR|đ/gi, '');
  if (!/^[0-9.,]+$/.test(s)) return null;
  let whole = s;
  let frac = '';
  if (digits > 0) {
    const m = /^(.*)[.,](\d{1,2})$/.exec(s);
    if (m) {
      whole = m[1]!;
      frac = m[2]!;
    }
  }
  whole = whole.replace(/[.,]/g, '');
  if (!/^\d*$/.test(whole) || (whole === '' && frac === '')) return null;
  const minor = Number(whole || '0') * 10 ** digits + Number(frac.padEnd(digits, '0') || '0');
  return Number.isSafeInteger(minor) && minor > 0 ? minor : null;
}

export function formatMoney(minor: number, currency: string, locale: string): string {
  const digits = fractionDigits(currency);
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    maximumFractionDigits: digits,
    minimumFractionDigits: digits,
  }).format(minor / 10 ** digits);
}
