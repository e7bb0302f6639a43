// Pure logic of the staff tab: the period (whole UTC days, as the overview's), a link's address and the CSV rows.
import type { CsvRows } from '../../../lib/csv.ts';
import { majorUnits, type MinorUnits } from '../../../lib/money.ts';
import type { StaffLinkFigures } from '../api/staff-link-figures.ts';

/** The last `days` whole UTC days up to today included: [from, to) as `YYYY-MM-DD`, as dashboard_overview counts them. */
export function lastDays(days: number, now: Date = new Date()): { from: string; to: string } {
  const end = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { from: iso(end - days * 86_400_000), to: iso(end) };
}

/** The link a staff member shares: the hotel's page with the code (`/{hotel}?s=<code>`). */
export function staffLinkUrl(origin: string, customerPath: string, code: string): string {
  const url = new URL(customerPath, origin);
  url.searchParams.set('s', code);
  return url.toString();
}

export const STAFF_CSV_HEADER = [
  'from',
  'to',
  'staff',
  'link',
  'status',
  'guests',
  'plays',
  'redemptions',
  'currency',
  'commission_hotel_share',
] as const;

/**
 * One line per link and currency of its commission (one line with empty currency when it has none), then one
 * `TOTAL` line per currency. The counts are on a link's (and the total's) first line only, so a spreadsheet's sum of
 * a column counts each once. `to` is written as the last day included.
 */
export function staffCsvRows(
  rows: readonly StaffLinkFigures[],
  period: { from: string; to: string },
  linkOf: (code: string) => string,
  units?: MinorUnits,
): CsvRows {
  const last = new Date(Date.parse(`${period.to}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  const out: string[][] = [[...STAFF_CSV_HEADER]];
  const totals = new Map<string, number>();
  let guests = 0;
  let plays = 0;
  let redemptions = 0;
  for (const r of rows) {
    guests += r.guests;
    plays += r.plays;
    redemptions += r.redemptions;
    const counts = [String(r.guests), String(r.plays), String(r.redemptions)];
    const base = [period.from, last, r.name, linkOf(r.code), r.revoked_at ? 'revoked' : 'live'];
    const currencies = Object.keys(r.commission).sort();
    if (currencies.length === 0) out.push([...base, ...counts, '', '']);
    currencies.forEach((c, i) => {
      totals.set(c, (totals.get(c) ?? 0) + r.commission[c]!);
      out.push([...base, ...(i === 0 ? counts : ['', '', '']), c, majorUnits(r.commission[c]!, c, units)]);
    });
  }
  const totalCounts = [String(guests), String(plays), String(redemptions)];
  const currencies = [...totals.keys()].sort();
  if (currencies.length === 0) out.push([period.from, last, 'TOTAL', '', '', ...totalCounts, '', '']);
  currencies.forEach((c, i) =>
    out.push([
      period.from,
      last,
      'TOTAL',
      '',
      '',
      ...(i === 0 ? totalCounts : ['', '', '']),
      c,
      majorUnits(totals.get(c)!, c, units),
    ]),
  );
  return out;
}
