// Dashboard figures from raw analytics events: a period compared with the one before it.
// Pure, so the figures shown can be checked against the database exactly.
export const EVENT_TYPES = ['qr_scan', 'map_view', 'activity_view', 'directions_click', 'share', 'favourite'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export interface AnalyticsEvent {
  type: string;
  visitor_id: string | null;
  activity_id: string | null;
  created_at: string;
}

export interface Period {
  start: Date;
  end: Date;
}

export interface Figures {
  counts: Record<EventType, number>;
  uniqueGuests: number;
}

export interface Comparison {
  current: Figures;
  previous: Figures;
  /** Day (YYYY-MM-DD, UTC) → counts per type, for every day of the current period. */
  daily: { day: string; counts: Record<EventType, number> }[];
  topActivities: { activityId: string; views: number }[];
}

const DAY = 86_400_000;

/** The last `days` days ending now (whole UTC days, today included), and the period before it. */
export function periodsFor(days: number, now: Date = new Date()): { current: Period; previous: Period } {
  const endDay = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + DAY;
  const current = { start: new Date(endDay - days * DAY), end: new Date(endDay) };
  const previous = { start: new Date(endDay - 2 * days * DAY), end: current.start };
  return { current, previous };
}

const emptyCounts = (): Record<EventType, number> =>
  Object.fromEntries(EVENT_TYPES.map((t) => [t, 0])) as Record<EventType, number>;

function figures(events: AnalyticsEvent[]): Figures {
  const counts = emptyCounts();
  const visitors = new Set<string>();
  for (const e of events) {
    if ((EVENT_TYPES as readonly string[]).includes(e.type)) counts[e.type as EventType] += 1;
    if (e.visitor_id) visitors.add(e.visitor_id);
  }
  return { counts, uniqueGuests: visitors.size };
}

const inPeriod = (e: AnalyticsEvent, p: Period) => {
  const t = Date.parse(e.created_at);
  return t >= p.start.getTime() && t < p.end.getTime();
};

export function compare(events: AnalyticsEvent[], periods: { current: Period; previous: Period }): Comparison {
  const cur = events.filter((e) => inPeriod(e, periods.current));
  const prev = events.filter((e) => inPeriod(e, periods.previous));
  const days: Comparison['daily'] = [];
  for (let t = periods.current.start.getTime(); t < periods.current.end.getTime(); t += DAY) {
    days.push({ day: new Date(t).toISOString().slice(0, 10), counts: emptyCounts() });
  }
  const byDay = new Map(days.map((d) => [d.day, d]));
  const views = new Map<string, number>();
  for (const e of cur) {
    const d = byDay.get(new Date(Date.parse(e.created_at)).toISOString().slice(0, 10));
    if (d && (EVENT_TYPES as readonly string[]).includes(e.type)) d.counts[e.type as EventType] += 1;
    if (e.type === 'activity_view' && e.activity_id) views.set(e.activity_id, (views.get(e.activity_id) ?? 0) + 1);
  }
  const topActivities = [...views.entries()]
    .map(([activityId, n]) => ({ activityId, views: n }))
    .sort((a, b) => b.views - a.views || a.activityId.localeCompare(b.activityId))
    .slice(0, 10);
  return { current: figures(cur), previous: figures(prev), daily: days, topActivities };
}

/** Change in percent from `previous` to `current`; null when there is nothing to compare with. */
export function delta(current: number, previous: number): number | null {
  if (previous === 0) return current === 0 ? 0 : null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}
