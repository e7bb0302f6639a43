// Months as `YYYY-MM`: the statement's and the partner portal's month pickers, the admin's platform fee.
// Two calendars: the hotel's months (UTC here; the database applies the hotel's time zone) and the device's.

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

export const isMonth = (s: string | null | undefined): s is string => !!s && MONTH.test(s);

export const monthOf = (d: Date) => `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;

/** The current UTC month and the `count - 1` before it, newest first ("2026-11", "2026-10", …). */
export function recentMonths(count: number, now: Date = new Date()): string[] {
  const out: string[] = [];
  for (let i = 0; i < count; i++) out.push(monthOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1))));
  return out;
}

/** The first and the next month's first day (UTC), as ISO timestamps: the statement's window. */
export function monthRange(month: string): { start: string; end: string } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return { start: new Date(Date.UTC(y, m - 1, 1)).toISOString(), end: new Date(Date.UTC(y, m, 1)).toISOString() };
}

/** The month on the device's calendar (a phone at the counter is in the hotel's time zone). */
export const localMonth = (d: Date = new Date()) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;

/** `count` months ending with `latest`, newest first. */
export function monthsUpTo(latest: string, count: number): string[] {
  const [y, m] = latest.split('-').map(Number) as [number, number];
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const d = new Date(Date.UTC(y, m - 1 - i, 1));
    out.push(`${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`);
  }
  return out;
}

/** "October 2026" in the locale. */
export const monthLabel = (m: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${m}-01T00:00:00Z`),
  );
