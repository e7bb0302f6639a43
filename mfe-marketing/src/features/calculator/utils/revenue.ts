// The Hotels page's revenue calculator (product-decisions.md): a pure function of its inputs.
// Money is computed in whole cents so the 80/20 split always adds up, as it does in the database.

export const HOTEL_SHARE = 0.8;
export const PLATFORM_FEE = 0.2;
export const PERIOD_DAYS = 30;
export const MONTHS_PER_YEAR = 12;

export type HotelCategory = 'budget' | 'mid-range' | 'luxury';
export type RevenueSource = 'food' | 'entertainment' | 'transport';

export const HOTEL_CATEGORIES: readonly HotelCategory[] = ['budget', 'mid-range', 'luxury'];
export const REVENUE_SOURCES: readonly RevenueSource[] = ['food', 'entertainment', 'transport'];

/** Tourist daily spending per guest, USD, by hotel category and revenue source (our assumptions). */
export const DAILY_SPENDING: Readonly<Record<HotelCategory, Readonly<Record<RevenueSource, number>>>> = {
  budget: { food: 25, entertainment: 15, transport: 10 },
  'mid-range': { food: 45, entertainment: 30, transport: 15 },
  luxury: { food: 90, entertainment: 60, transport: 30 },
};

export interface RevenueInput {
  customersPerMonth: number;
  category: HotelCategory;
  sources: readonly RevenueSource[];
  /** Percentages, 0-100. */
  commissionRate: number;
  engagementRate: number;
  reinvestmentPct: number;
}

export const DEFAULT_INPUT: RevenueInput = {
  customersPerMonth: 300,
  category: 'mid-range',
  sources: ['food', 'entertainment', 'transport'],
  commissionRate: 10,
  engagementRate: 30,
  reinvestmentPct: 10,
};

/** One period's figures, in dollars (rounded to the cent). */
export interface Split {
  revenue: number;
  hotelShare: number;
  platformFee: number;
  reinvestment: number;
  netEarnings: number;
}

export interface RevenueResult {
  dailySpending: number;
  monthly: Split;
  yearly: Split;
}

export function dailySpending(category: HotelCategory, sources: readonly RevenueSource[]): number {
  const table = DAILY_SPENDING[category];
  return [...new Set(sources)].reduce((sum, s) => sum + table[s], 0);
}

/** Splits a commission (in cents) into hotel 80% / platform 20%, then takes the reinvestment from the hotel's share. */
export function splitCents(commissionCents: number, reinvestmentPct: number) {
  const hotel = Math.round(commissionCents * HOTEL_SHARE);
  const platform = commissionCents - hotel;
  const reinvestment = Math.round((hotel * reinvestmentPct) / 100);
  return { commission: commissionCents, hotel, platform, reinvestment, net: hotel - reinvestment };
}

const toSplit = (s: ReturnType<typeof splitCents>): Split => ({
  revenue: s.commission / 100,
  hotelShare: s.hotel / 100,
  platformFee: s.platform / 100,
  reinvestment: s.reinvestment / 100,
  netEarnings: s.net / 100,
});

/**
 * Monthly revenue = customers × daily spending × commission rate × engagement rate × 30 days
 * (the spec's formula as written); yearly = monthly × 12.
 */
export function computeRevenue(input: RevenueInput): RevenueResult {
  const daily = dailySpending(input.category, input.sources);
  const monthlyCents = Math.round(
    input.customersPerMonth * daily * (input.commissionRate / 100) * (input.engagementRate / 100) * PERIOD_DAYS * 100,
  );
  const monthly = splitCents(monthlyCents, input.reinvestmentPct);
  const yearly = {
    commission: monthly.commission * MONTHS_PER_YEAR,
    hotel: monthly.hotel * MONTHS_PER_YEAR,
    platform: monthly.platform * MONTHS_PER_YEAR,
    reinvestment: monthly.reinvestment * MONTHS_PER_YEAR,
    net: monthly.net * MONTHS_PER_YEAR,
  };
  return { dailySpending: daily, monthly: toSplit(monthly), yearly: toSplit(yearly) };
}

// ─── the example monthly commission statement ──────────────────────────────────
export interface StatementPartner {
  partner: string;
  /** Gross guest spend in cents. */
  spendCents: number;
  /** Commission rate as a percentage. */
  commissionRate: number;
}

export interface StatementLine extends StatementPartner {
  commission: number;
  hotel: number;
  platform: number;
  reinvestment: number;
  net: number;
}

export function statementLines(
  partners: readonly StatementPartner[],
  reinvestmentPct: number,
): { lines: StatementLine[]; total: Omit<StatementLine, 'partner' | 'commissionRate'> } {
  const lines = partners.map((p) => {
    const s = splitCents(Math.round((p.spendCents * p.commissionRate) / 100), reinvestmentPct);
    return {
      ...p,
      commission: s.commission,
      hotel: s.hotel,
      platform: s.platform,
      reinvestment: s.reinvestment,
      net: s.net,
    };
  });
  const sum = (k: 'spendCents' | 'commission' | 'hotel' | 'platform' | 'reinvestment' | 'net') =>
    lines.reduce((t, l) => t + l[k], 0);
  return {
    lines,
    total: {
      spendCents: sum('spendCents'),
      commission: sum('commission'),
      hotel: sum('hotel'),
      platform: sum('platform'),
      reinvestment: sum('reinvestment'),
      net: sum('net'),
    },
  };
}
