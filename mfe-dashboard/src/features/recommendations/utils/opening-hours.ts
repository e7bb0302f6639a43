// Opening hours as the database stores them (supabase/README-data.md "Opening hours") and as the
// editor shows them: per day closed, open all day, or up to 6 [open, close] ranges; a close earlier
// than the open runs past midnight. Validation mirrors the database's check, plus overlaps.
import type { Json } from '@guestmap/shared-ui/database';

export const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Day = (typeof DAYS)[number];
export type DayMode = 'closed' | 'hours' | 'allDay';
export interface Range {
  open: string;
  close: string;
}
export interface DayHours {
  mode: DayMode;
  ranges: Range[];
}
export interface Hours {
  /** false = unknown (stored as null). */
  known: boolean;
  days: Record<Day, DayHours>;
}
export type HoursError = {
  day: Day;
  range?: number;
  code: 'open' | 'close' | 'same' | 'tooMany' | 'empty' | 'overlap';
};

export const MAX_RANGES = 6;
const OPEN = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;
const CLOSE = /^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$/;

const defaultDay = (): DayHours => ({ mode: 'hours', ranges: [{ open: '08:00', close: '22:00' }] });

export function fromJson(v: Json | null | undefined): Hours {
  if (!v || typeof v !== 'object' || Array.isArray(v))
    return { known: false, days: Object.fromEntries(DAYS.map((d) => [d, defaultDay()])) as Record<Day, DayHours> };
  const o = v as Record<string, unknown>;
  const day = (d: Day): DayHours => {
    const list = Array.isArray(o[d])
      ? (o[d] as unknown[]).filter((r): r is [string, string] => Array.isArray(r) && r.length === 2)
      : [];
    if (list.length === 0) return { mode: 'closed', ranges: [] };
    if (list.length === 1 && list[0]![0] === '00:00' && list[0]![1] === '24:00') return { mode: 'allDay', ranges: [] };
    return { mode: 'hours', ranges: list.map(([open, close]) => ({ open, close })) };
  };
  return { known: true, days: Object.fromEntries(DAYS.map((d) => [d, day(d)])) as Record<Day, DayHours> };
}

export function toJson(h: Hours): Json | null {
  if (!h.known) return null;
  return Object.fromEntries(
    DAYS.map((d) => {
      const x = h.days[d];
      return [
        d,
        x.mode === 'closed' ? [] : x.mode === 'allDay' ? [['00:00', '24:00']] : x.ranges.map((r) => [r.open, r.close]),
      ];
    }),
  );
}

const minutes = (s: string) => Number(s.slice(0, 2)) * 60 + Number(s.slice(3, 5));

export function validate(h: Hours): HoursError[] {
  if (!h.known) return [];
  const errors: HoursError[] = [];
  for (const day of DAYS) {
    const x = h.days[day];
    if (x.mode !== 'hours') continue;
    if (x.ranges.length === 0) errors.push({ day, code: 'empty' });
    if (x.ranges.length > MAX_RANGES) errors.push({ day, code: 'tooMany' });
    x.ranges.forEach((r, i) => {
      if (!OPEN.test(r.open)) errors.push({ day, range: i, code: 'open' });
      else if (!CLOSE.test(r.close)) errors.push({ day, range: i, code: 'close' });
      else if (r.open === r.close) errors.push({ day, range: i, code: 'same' });
    });
    // Ranges that stay within the day must not overlap each other.
    const spans = x.ranges
      .map((r, i) => ({
        i,
        a: OPEN.test(r.open) ? minutes(r.open) : NaN,
        b: CLOSE.test(r.close) ? minutes(r.close) : NaN,
      }))
      .filter((s) => s.a < s.b)
      .sort((p, q) => p.a - q.a);
    for (let k = 1; k < spans.length; k++)
      if (spans[k]!.a < spans[k - 1]!.b) errors.push({ day, range: spans[k]!.i, code: 'overlap' });
  }
  return errors;
}
