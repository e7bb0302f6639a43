// The overview's figures in one call (`dashboard_overview`), shaped for the screen.
import type { TypedClient } from '@guestmap/shared-ui/database';
import { periodsFor, EVENT_TYPES, type Comparison, type EventType } from '../utils/compute.ts';
import type { PartnerFigures } from '../utils/partner-figures.ts';

/** What `dashboard_overview` returns for one period (docs/scale.md). */
interface PeriodFigures {
  counts: Partial<Record<EventType, number>>;
  unique_guests: number;
  plays: number;
  redeemed: number;
  spend: Record<string, number>;
  commission: Record<string, number>;
}

interface OverviewAnswer {
  current: PeriodFigures;
  previous: PeriodFigures;
  daily: { day: string; counts: Partial<Record<EventType, number>> }[];
  top_activities: { activity_id: string; views: number; title: unknown }[];
}

const counts = (c: Partial<Record<EventType, number>>): Record<EventType, number> =>
  Object.fromEntries(EVENT_TYPES.map((t) => [t, Number(c[t] ?? 0)])) as Record<EventType, number>;

const partnerFiguresOf = (p: PeriodFigures): PartnerFigures => ({
  plays: Number(p.plays),
  redeemed: Number(p.redeemed),
  spend: new Map(Object.entries(p.spend).map(([c, v]) => [c, Number(v)])),
  commission: new Map(Object.entries(p.commission).map(([c, v]) => [c, Number(v)])),
});

/**
 * The overview's figures in one call: the database keeps daily rollups of the analytics events as they
 * arrive (migration 20261126100500), so a year costs about as much as a week. The periods are the
 * dashboard's own (whole UTC days up to today, `periodsFor`); the figures are the same as counting the
 * raw rows (supabase/tests/database/50_scale_rollups.test.ts).
 */
export async function loadOverview(db: TypedClient, customerId: string, days: number) {
  const periods = periodsFor(days);
  const today = new Date(periods.current.end.getTime() - 86_400_000).toISOString().slice(0, 10);
  const { data, error } = await db.rpc('dashboard_overview', {
    p_customer_id: customerId,
    p_days: days,
    p_today: today,
  });
  if (error) throw error;
  const o = data as unknown as OverviewAnswer;
  const cmp: Comparison = {
    current: { counts: counts(o.current.counts), uniqueGuests: Number(o.current.unique_guests) },
    previous: { counts: counts(o.previous.counts), uniqueGuests: Number(o.previous.unique_guests) },
    daily: o.daily.map((d) => ({ day: d.day, counts: counts(d.counts) })),
    topActivities: o.top_activities.map((a) => ({ activityId: a.activity_id, views: Number(a.views) })),
  };
  const titles = new Map<string, unknown>(o.top_activities.map((a) => [a.activity_id, a.title]));
  return {
    cmp,
    titles,
    partners: { current: partnerFiguresOf(o.current), previous: partnerFiguresOf(o.previous) },
  };
}
