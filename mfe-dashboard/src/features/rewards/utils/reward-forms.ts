// The campaign and prize forms' values and the rows and RPC arguments they come from and go to. Titles and
// labels are in the six content languages (English required; lib/translations.ts); campaign dates are whole UTC days (the daily limit
// counts UTC days too) and the end day is included.
import { fromFields, toFields } from '../../../lib/translations.ts';
import type { Campaign } from '../api/list-reward-campaigns.ts';
import type { Prize } from '../api/list-reward-prizes.ts';
import type { CampaignArgs } from '../api/upsert-reward-campaign.ts';
import type { PrizeArgs } from '../api/upsert-reward-prize.ts';
import { toPriceColumns } from '../../../lib/vnd-price.ts';

export interface CampaignValues {
  kind: 'scratch_card' | 'fortune_wheel';
  /** title_en (required), title_vi … title_ja. */
  [text: `title_${string}`]: string | undefined;
  title_en: string;
  active: boolean;
  daily_limit: number;
  starts?: string;
  ends?: string;
}

export interface PrizeValues {
  kind: 'points' | 'voucher' | 'nothing';
  /** label_en (required), label_vi … label_ja. */
  [text: `label_${string}`]: string | undefined;
  label_en: string;
  points?: number | null;
  activity_id?: string | null;
  discount_pct?: number | null;
  /** A voucher's value to the guest in whole đồng: the only or lowest value; the highest empty for a single one. */
  value_min_vnd?: number | null;
  value_max_vnd?: number | null;
  valid_days?: number | null;
  weight: number;
  stock?: number | null;
}

const DAY = 86_400_000;
const toStart = (d?: string) => (d ? `${d}T00:00:00.000Z` : null);
const toEnd = (d?: string) => (d ? new Date(Date.parse(`${d}T00:00:00.000Z`) + DAY).toISOString() : null);
export const fromStart = (ts: string | null) => (ts ? ts.slice(0, 10) : undefined);
export const fromEnd = (ts: string | null) =>
  ts ? new Date(Date.parse(ts) - DAY).toISOString().slice(0, 10) : undefined;

export const campaignValues = (c: Campaign | 'new'): Partial<CampaignValues> =>
  c === 'new'
    ? { kind: 'scratch_card', active: true, daily_limit: 1 }
    : {
        kind: c.kind,
        ...toFields('title', c.title),
        active: c.active,
        daily_limit: c.daily_limit,
        starts: fromStart(c.starts_at),
        ends: fromEnd(c.ends_at),
      };

export const campaignArgs = (v: CampaignValues, id: string | null, customerId: string): CampaignArgs => ({
  p_id: id as string,
  p_customer_id: customerId,
  p_kind: v.kind,
  p_title: fromFields('title', v),
  p_active: v.active,
  p_daily_limit: v.kind === 'scratch_card' ? 1 : v.daily_limit,
  p_starts_at: toStart(v.starts) as string,
  p_ends_at: toEnd(v.ends) as string,
});

export const prizeValues = (p: Prize | 'new'): Partial<PrizeValues> =>
  p === 'new'
    ? { kind: 'points', weight: 10, valid_days: 30 }
    : {
        kind: p.kind,
        ...toFields('label', p.label),
        points: p.points,
        activity_id: p.activity_id,
        discount_pct: p.discount_pct,
        value_min_vnd: p.value_min_vnd,
        value_max_vnd: p.value_max_vnd === p.value_min_vnd ? null : p.value_max_vnd,
        valid_days: p.valid_days,
        weight: p.weight,
        stock: p.stock,
      };

const valueArgs = (c: ReturnType<typeof toPriceColumns>) => ({
  p_value_min_vnd: c.price_min_vnd as number,
  p_value_max_vnd: c.price_max_vnd as number,
});

export const prizeArgs = (v: PrizeValues, id: string | null, campaignId: string, sortOrder: number): PrizeArgs => ({
  p_id: id as string,
  p_campaign_id: campaignId,
  p_kind: v.kind,
  p_label: fromFields('label', v),
  p_weight: v.weight,
  p_stock: (v.stock ?? null) as number,
  p_points: (v.kind === 'points' ? v.points : null) as number,
  p_activity_id: (v.kind === 'voucher' ? v.activity_id : null) as string,
  p_discount_pct: (v.kind === 'voucher' ? v.discount_pct : null) as number,
  p_valid_days: v.kind === 'voucher' ? (v.valid_days ?? 30) : 30,
  p_sort_order: sortOrder,
  // Only a voucher has a value (the database refuses one on points or nothing).
  ...valueArgs(v.kind === 'voucher' ? toPriceColumns(v.value_min_vnd, v.value_max_vnd) : toPriceColumns(null, null)),
});
