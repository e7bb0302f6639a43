// The hotel's reward and commission figures for a period and the one before: plays, vouchers
// redeemed, partner spend and the hotel's share of commission (per currency, never mixed).
import { sumByCurrency } from '../../../lib/money.ts';
import type { Period } from './compute.ts';

export interface PartnerTxn {
  currency: string;
  amount_minor: number;
  hotel_share_minor: number;
  created_at: string;
}

export interface PartnerFigures {
  plays: number;
  redeemed: number;
  spend: Map<string, number>;
  commission: Map<string, number>;
}

export function partnerFigures(txns: PartnerTxn[], period: Period, plays: number, redeemed: number): PartnerFigures {
  const inside = txns.filter((r) => {
    const t = Date.parse(r.created_at);
    return t >= period.start.getTime() && t < period.end.getTime();
  });
  return {
    plays,
    redeemed,
    spend: sumByCurrency(inside, (r) => r.amount_minor),
    commission: sumByCurrency(inside, (r) => r.hotel_share_minor),
  };
}

/** The currencies seen in either period, most used first (the first drives the % change). */
export function currenciesOf(...maps: Map<string, number>[]): string[] {
  const all = new Map<string, number>();
  for (const m of maps) for (const [c, v] of m) all.set(c, (all.get(c) ?? 0) + v);
  return [...all.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([c]) => c);
}
