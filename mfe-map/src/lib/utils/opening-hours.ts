// "Open now", "Closes in N min", "Closed", "Hours unknown" from the weekly schedule, in the city's
// time zone (not the phone's: a guest's phone may still be on home time). Format (migrations,
// activities.opening_hours): {"mon": [["08:00","22:00"]], ...}; close < open runs past midnight;
// [] or a missing day = closed; [["00:00","24:00"]] = all day; null = unknown.
import type { OpeningHours } from './types.ts';

export const DAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
export type Day = (typeof DAYS)[number];

// The first Intl date or number formatter a page builds loads the browser's locale and time-zone data:
// 20-70 ms on a desktop, four times that on a mid-range phone, in one piece that blocks taps. The map's
// first screen needs none: zones without daylight saving are a fixed offset from UTC, and the browser's
// own zone (LOCAL_ZONE) is what Date's local getters read. Other zones build one formatter each.
/** The browser's own time zone, whatever it is (read with Date's local getters, no Intl). */
export const LOCAL_ZONE = 'local';
/** Minutes east of UTC for zones that have had no daylight saving for decades. */
const FIXED_OFFSETS: Record<string, number> = {
  UTC: 0,
  'Etc/UTC': 0,
  'Asia/Ho_Chi_Minh': 420,
  'Asia/Saigon': 420,
  'Asia/Bangkok': 420,
  'Asia/Jakarta': 420,
  'Asia/Phnom_Penh': 420,
  'Asia/Vientiane': 420,
  'Asia/Singapore': 480,
  'Asia/Kuala_Lumpur': 480,
  'Asia/Manila': 480,
  'Asia/Shanghai': 480,
  'Asia/Hong_Kong': 480,
  'Asia/Taipei': 480,
  'Asia/Tokyo': 540,
  'Asia/Seoul': 540,
};
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The zone's name to show (LOCAL_ZONE asks Intl for the browser's: only when a panel shows it). */
export function zoneName(timeZone: string): string {
  return timeZone === LOCAL_ZONE ? Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC' : timeZone;
}
let last: { at: number; timeZone: string; minute: number } | null = null;

/** Minutes of the week (0 = Sunday 00:00) at `now` in `timeZone` (an IANA name or LOCAL_ZONE). */
export function weekMinute(now: Date, timeZone: string): number {
  if (timeZone === LOCAL_ZONE) return now.getDay() * 1440 + now.getHours() * 60 + now.getMinutes();
  const fixed = FIXED_OFFSETS[timeZone];
  if (fixed !== undefined) {
    const shifted = new Date(now.getTime() + fixed * 60000);
    return shifted.getUTCDay() * 1440 + shifted.getUTCHours() * 60 + shifted.getUTCMinutes();
  }
  const at = now.getTime();
  if (last && last.at === at && last.timeZone === timeZone) return last.minute;
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
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
  const colon = hhmm.indexOf(':');
  const h = Number(colon < 0 ? hhmm : hhmm.slice(0, colon));
  const m = colon < 0 ? 0 : Number(hhmm.slice(colon + 1));
  return (h || 0) * 60 + (m || 0);
};

// A schedule's intervals do not change between renders: parsed once per schedule object (the map's
// list computes every place's status at each render and each minute).
const parsed = new WeakMap<OpeningHours, [number, number][]>();

/** Opening intervals in absolute week minutes, over the week before and after too, merged. */
function intervals(hours: OpeningHours): [number, number][] {
  const known = parsed.get(hours);
  if (known) return known;
  const week: [number, number][] = [];
  DAYS.forEach((d, i) => {
    for (const [o, c] of hours[d] ?? []) {
      const start = i * 1440 + toMin(o);
      let end = i * 1440 + toMin(c);
      if (end <= start) end += 1440; // past midnight
      week.push([start, end]);
    }
  });
  const raw: [number, number][] = [];
  for (let w = -1; w <= 1; w++) for (const [s, e] of week) raw.push([w * 10080 + s, w * 10080 + e]);
  raw.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const iv of raw) {
    const last = merged[merged.length - 1];
    if (last && iv[0] <= last[1]) last[1] = Math.max(last[1], iv[1]);
    else merged.push([iv[0], iv[1]]);
  }
  parsed.set(hours, merged);
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

export const isOpenNow = (hours: OpeningHours | null | undefined, now: Date, timeZone: string) =>
  openStatus(hours, now, timeZone).state === 'open';

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

/** Each place's status at one moment, computed when first asked for and kept: the list asks for the rows it
 *  shows, the "open now" filter for every place; a phone whose list is still closed asks for none. */
export function statusLookup(now: Date, timeZone: string): (hours: OpeningHours | null | undefined) => OpenStatus {
  const known = new Map<object, OpenStatus>();
  return (hours) => {
    if (!hours || typeof hours !== 'object') return openStatus(hours, now, timeZone);
    let status = known.get(hours);
    if (!status) known.set(hours, (status = openStatus(hours, now, timeZone)));
    return status;
  };
}

const clockFormats = new Map<string, Intl.DateTimeFormat>();

/** A range "08:00–22:00" written the way the guest's language writes times ("8:00 AM–10:00 PM",
 *  "오전 8:00–오후 10:00", "8:00–22:00"); a closing "24:00" stays "24:00" where the day has 24 hours. Only
 *  a place's panel calls it (its first Intl formatter is not on the map's first screen). */
export function formatRange(range: string, locale: string): string {
  let format = clockFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });
    clockFormats.set(locale, format);
  }
  const f = format;
  const clock = (hhmm: string) => {
    const m = /^(\d{1,2}):(\d{2})$/.exec(hhmm.trim());
    if (!m) return hhmm;
    const h = Number(m[1]);
    if (h === 24 && f.resolvedOptions().hourCycle !== 'h12' && f.resolvedOptions().hourCycle !== 'h11') return '24:00';
    return f.format(Date.UTC(2000, 0, 1, h % 24, Number(m[2])));
  };
  return range
    .split('–')
    .map((part) => clock(part))
    .join('–');
}

/** The zone as the guest's language names it ("Indochina Time", "中南半岛时间"), else its IANA name. */
export function zoneLabel(timeZone: string, locale: string): string {
  const zone = zoneName(timeZone);
  try {
    const parts = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: 'longGeneric' }).formatToParts(
      new Date(),
    );
    return parts.find((p) => p.type === 'timeZoneName')?.value || zone;
  } catch {
    return zone;
  }
}
