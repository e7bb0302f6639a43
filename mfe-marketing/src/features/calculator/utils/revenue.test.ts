import { describe, expect, it } from 'vitest';
import { computeRevenue, dailySpending, DEFAULT_INPUT, splitCents, statementLines, DAILY_SPENDING } from './revenue.ts';

describe('dailySpending', () => {
  it('sums the selected sources of the category (the assumptions table)', () => {
    expect(dailySpending('budget', ['food', 'entertainment', 'transport'])).toBe(50);
    expect(dailySpending('mid-range', ['food', 'entertainment', 'transport'])).toBe(90);
    expect(dailySpending('luxury', ['food', 'entertainment', 'transport'])).toBe(180);
    expect(dailySpending('luxury', ['entertainment'])).toBe(60);
    expect(dailySpending('mid-range', ['food', 'transport'])).toBe(60);
    expect(dailySpending('budget', [])).toBe(0);
  });
  it('counts a source once even if listed twice', () => {
    expect(dailySpending('budget', ['food', 'food'])).toBe(25);
  });
  it('matches the table of product-decisions.md', () => {
    expect(DAILY_SPENDING).toEqual({
      budget: { food: 25, entertainment: 15, transport: 10 },
      'mid-range': { food: 45, entertainment: 30, transport: 15 },
      luxury: { food: 90, entertainment: 60, transport: 30 },
    });
  });
});

describe('computeRevenue', () => {
  it('applies customers × daily spending × commission × engagement × 30 days with the defaults', () => {
    const r = computeRevenue(DEFAULT_INPUT);
    expect(r.dailySpending).toBe(90);
    // 300 × 90 × 10% × 30% × 30 = 24,300
    expect(r.monthly).toEqual({
      revenue: 24300,
      hotelShare: 19440,
      platformFee: 4860,
      reinvestment: 1944,
      netEarnings: 17496,
    });
    expect(r.yearly).toEqual({
      revenue: 291600,
      hotelShare: 233280,
      platformFee: 58320,
      reinvestment: 23328,
      netEarnings: 209952,
    });
  });
  it('follows each input', () => {
    const r = computeRevenue({
      customersPerMonth: 100,
      category: 'luxury',
      sources: ['food'],
      commissionRate: 15,
      engagementRate: 50,
      reinvestmentPct: 0,
    });
    expect(r.monthly).toEqual({
      revenue: 20250,
      hotelShare: 16200,
      platformFee: 4050,
      reinvestment: 0,
      netEarnings: 16200,
    });
    const small = computeRevenue({
      customersPerMonth: 1,
      category: 'budget',
      sources: ['transport'],
      commissionRate: 10,
      engagementRate: 30,
      reinvestmentPct: 25,
    });
    expect(small.monthly).toEqual({
      revenue: 9,
      hotelShare: 7.2,
      platformFee: 1.8,
      reinvestment: 1.8,
      netEarnings: 5.4,
    });
  });
  it('yields nothing when nobody engages or no commission is paid', () => {
    expect(computeRevenue({ ...DEFAULT_INPUT, engagementRate: 0 }).monthly.revenue).toBe(0);
    expect(computeRevenue({ ...DEFAULT_INPUT, commissionRate: 0 }).yearly.netEarnings).toBe(0);
  });
  it('gives the hotel 80% and the platform 20%, and the parts always add up to the cent', () => {
    for (const customers of [1, 7, 33, 301, 9999]) {
      for (const commission of [3.3, 7, 12.5]) {
        const { monthly } = computeRevenue({
          ...DEFAULT_INPUT,
          customersPerMonth: customers,
          commissionRate: commission,
          reinvestmentPct: 13,
        });
        expect(Math.round((monthly.hotelShare + monthly.platformFee) * 100)).toBe(Math.round(monthly.revenue * 100));
        expect(monthly.hotelShare).toBeCloseTo(monthly.revenue * 0.8, 1);
        expect(Math.round((monthly.netEarnings + monthly.reinvestment) * 100)).toBe(
          Math.round(monthly.hotelShare * 100),
        );
      }
    }
  });
  it('takes the rewards reinvestment from the hotel share, never from the platform fee', () => {
    const none = computeRevenue({ ...DEFAULT_INPUT, reinvestmentPct: 0 }).monthly;
    const all = computeRevenue({ ...DEFAULT_INPUT, reinvestmentPct: 100 }).monthly;
    expect(none.netEarnings).toBe(none.hotelShare);
    expect(all.netEarnings).toBe(0);
    expect(all.reinvestment).toBe(all.hotelShare);
    expect(all.platformFee).toBe(none.platformFee);
  });
});

describe('splitCents', () => {
  it('rounds the hotel share and gives the platform the remainder', () => {
    expect(splitCents(333, 10)).toEqual({ commission: 333, hotel: 266, platform: 67, reinvestment: 27, net: 239 });
    expect(splitCents(0, 50)).toEqual({ commission: 0, hotel: 0, platform: 0, reinvestment: 0, net: 0 });
  });
});

describe('statementLines', () => {
  it('computes one line per partner and totals that add up', () => {
    const { lines, total } = statementLines(
      [
        { partner: 'Spa', spendCents: 420_000, commissionRate: 15 },
        { partner: 'Bar', spendCents: 123_456, commissionRate: 10 },
      ],
      10,
    );
    expect(lines[0]).toMatchObject({
      commission: 63_000,
      hotel: 50_400,
      platform: 12_600,
      reinvestment: 5_040,
      net: 45_360,
    });
    expect(lines[1]).toMatchObject({
      commission: 12_346,
      hotel: 9_877,
      platform: 2_469,
      reinvestment: 988,
      net: 8_889,
    });
    expect(total).toEqual({
      spendCents: 543_456,
      commission: 75_346,
      hotel: 60_277,
      platform: 15_069,
      reinvestment: 6_028,
      net: 54_249,
    });
    expect(total.hotel + total.platform).toBe(total.commission);
  });
});
