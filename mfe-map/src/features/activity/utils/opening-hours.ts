// "Open now", "Closes in N min", "Closed", "Hours unknown" from the weekly schedule, in the city's
// time zone (not the phone's: a guest's phone may still be on home time). Format (migrations,
// activities.opening_hours): {"mon": [["08:00","22:00"]], ...}; close < open runs past midnight;
// [] or a missing day = closed; [["00:00","24:00"]] = all day; null = unknown.
import type { OpeningHours } from '../../places/utils/types.ts';

export const DAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
export type Day = (typeof DAYS)[number];

// Building an Intl.DateTimeFormat costs far more than using one, and a map asks for every place's
// status at the same minute: one formatter per time zone, and the last answer kept.
const formatters = new Map<string, Intl.DateTimeFormat>();
let last: { at: number; timeZone: string; minute: number } | null = null;

/** Minutes of the week (0 = Sunday 00:00) at `now` in `timeZone`. */
export function weekMinute(now: Date, timeZone: string): number {
  const at = now.getTime();
  if (last && last.at === at && last.timeZone === timeZone) return last.minute;
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formatters.set(timeZone, format);
  }
  const parts = format.formatToParts(now);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  const day = DAYS.indexOf(get('weekday').toLowerCase().slice(0, 3) as Day);
  const minute = day * 1440 + (Number(get('hour')) % 24) * 60 + Number(get('minute'));
  last = { at, timeZone, minute };
  return minute;
}

const toMin = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

/** Opening intervals in absolute week minutes, over the week before and after too, merged. */
function intervals(hours: OpeningHours): [number, number][] {
  const raw: [number, number][] = [];
  for (let week = -1; week <= 1; week++) {
    DAYS.forEach((d, i) => {
      for (const [o, c] of hours[d] ?? []) {
        const start = week * 10080 + i * 1440 + toMin(o);
        let end = week * 10080 + i * 1440 + toMin(c);
        if (end <= start) end += 1440; // past midnight
        raw.push([start, end]);
      }
    });
  }
  raw.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const iv of raw) {
    const last = merged[merged.length - 1];
    if (last && iv[0] <= last[1]) last[1] = Math.max(last[1], iv[1]);
    else merged.push([iv[0], iv[1]]);
  }
  return merged;
}

export type OpenStatus =
  | { state: 'unknown' }
  | { state: 'open'; closesInMin: number | null } // null: open around the clock
  | { state: 'closed'; opensInMin: number | null }; // null: no opening in the coming week

/** Closing within this many minutes shows "Closes in N min". */
export const CLOSING_SOON_MIN = 60;

export function openStatus(hours: OpeningHours | null | undefined, now: Date, timeZone: string): OpenStatus {
  if (!hours || typeof hours !== 'object') return { state: 'unknown' };
  const t = weekMinute(now, timeZone);
  const ivs = intervals(hours);
  const cur = ivs.find(([s, e]) => s <= t && t < e);
  if (cur) return { state: 'open', closesInMin: cur[1] - t >= 7 * 1440 ? null : cur[1] - t };
  const next = ivs.find(([s]) => s > t);
  return { state: 'closed', opensInMin: next ? next[0] - t : null };
}

export const isOpenNow = (hours: OpeningHours | null | undefined, now: Date, timeZone: string) => openStatus(hours, now, timeZone).state === 'open';

/** Today's ranges as "08:00–22:00" strings (for the panel), in the city's time zone. */
export function todaysRanges(hours: OpeningHours | null | undefined, now: Date, timeZone: string): string[] | null {
  if (!hours) return null;
  const day = DAYS[Math.floor(weekMinute(now, timeZone) / 1440)]!;
  return (hours[day] ?? []).map(([o, c]) => `${o}–${c}`);
}

/** The week, Monday first, as [day, ranges] for a full schedule table. */
export function weekRanges(hours: OpeningHours): [Day, string[]][] {
  const order: Day[] = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
  return order.map((d) => [d, (hours[d] ?? []).map(([o, c]) => `${o}–${c}`)]);
}
