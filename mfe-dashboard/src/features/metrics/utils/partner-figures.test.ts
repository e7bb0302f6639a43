import { describe, expect, it } from 'vitest';
import { currenciesOf, partnerFigures } from './partner-figures.ts';

const period = { start: new Date('2026-11-01T00:00:00Z'), end: new Date('2026-11-08T00:00:00Z') };
const tx = (at: string, amount: number, share: number, currency = 'VND') => ({
  created_at: at,
  amount_minor: amount,
  hotel_share_minor: share,
  currency,
});

describe('partner figures', () => {
  it('sums spend and the hotel share inside the period only, per currency', () => {
    const f = partnerFigures(
      [
        tx('2026-10-31T23:59:59Z', 999, 99),
        tx('2026-11-01T00:00:00Z', 1_000_000, 80_000),
        tx('2026-11-07T23:59:59Z', 500_000, 40_000),
        tx('2026-11-03T12:00:00Z', 1205, 145, 'USD'),
        tx('2026-11-08T00:00:00Z', 7, 1),
      ],
      period,
      3,
      1,
    );
    expect([...f.spend]).toEqual([
      ['VND', 1_500_000],
      ['USD', 1205],
    ]);
    expect([...f.commission]).toEqual([
      ['VND', 120_000],
      ['USD', 145],
    ]);
    expect([f.plays, f.redeemed]).toEqual([3, 1]);
  });
  it('orders currencies by amount across both periods', () => {
    expect(
      currenciesOf(
        new Map([['USD', 10]]),
        new Map([
          ['VND', 5000],
          ['USD', 1],
        ]),
      ),
    ).toEqual(['VND', 'USD']);
  });
});
