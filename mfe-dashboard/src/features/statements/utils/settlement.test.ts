import { describe, expect, it } from 'vitest';
import {
  invoicesCsv,
  monthHasEnded,
  monthInZone,
  normaliseSettlement,
  payoutCsv,
  platformFeesCsv,
} from './settlement.ts';

describe('settlement', () => {
  it('a month has ended in the hotel time zone, not in UTC', () => {
    // 2026-11-30 18:00 UTC is already 1 December in Ho Chi Minh City (UTC+7).
    const now = new Date('2026-11-30T18:00:00Z');
    expect(monthInZone('Asia/Ho_Chi_Minh', now)).toBe('2026-12');
    expect(monthInZone('UTC', now)).toBe('2026-11');
    expect(monthHasEnded('2026-11', 'Asia/Ho_Chi_Minh', now)).toBe(true);
    expect(monthHasEnded('2026-11', 'UTC', now)).toBe(false);
    expect(monthHasEnded('2026-10', 'UTC', now)).toBe(true);
  });
  it('reads bigint amounts sent as strings', () => {
    const s = normaliseSettlement({
      closed: true,
      closed_at: 'x',
      invoices: [{ id: 'i', commission_minor: '9007199254740' }],
      payouts: [{ id: 'p', hotel_share_minor: '80', reinvestment_minor: '8', payout_minor: '72' }],
    });
    expect(s.invoices[0]!.commission_minor).toBe(9007199254740);
    expect(s.payouts[0]).toMatchObject({ hotel_share_minor: 80, reinvestment_minor: 8, payout_minor: 72 });
    expect(normaliseSettlement(null)).toEqual({ closed: false, closed_at: null, invoices: [], payouts: [] });
  });
  it('invoices and payout CSV: stable English headers, exact major units', () => {
    const inv = invoicesCsv(
      '2026-10',
      [
        {
          id: 'i',
          activity_id: 'a',
          currency: 'USD',
          commission_minor: 1205,
          payment_reference: 'GM2610ABC123',
          vietqr: null,
          status: 'paid',
          paid_at: '2026-11-02T03:00:00Z',
        },
      ],
      () => 'Bar, "B"',
    );
    expect(inv.trimEnd().split('\r\n')).toEqual([
      'month,partner,currency,commission,payment_reference,status,paid_at',
      '2026-10,"Bar, ""B""",USD,12.05,GM2610ABC123,paid,2026-11-02T03:00:00Z',
    ]);
    const pay = payoutCsv('2026-10', [
      {
        id: 'p',
        currency: 'VND',
        hotel_share_minor: 148_148,
        reinvestment_minor: 14_815,
        payout_minor: 133_333,
        status: 'open',
        paid_at: null,
      },
    ]);
    expect(pay.trimEnd().split('\r\n')).toEqual([
      'month,currency,hotel_share_80,rewards_reinvestment,payout,status,paid_at',
      '2026-10,VND,148148,14815,133333,open,',
    ]);
  });

  it('platform fee CSV: one line per hotel, partner and currency, then a TOTAL per currency, major units', () => {
    const fees = [
      { customer_id: 'h1', activity_id: 'a', currency: 'VND', transactions: 2, platform_fee_minor: 12000 },
      { customer_id: 'h2', activity_id: 'b', currency: 'USD', transactions: 1, platform_fee_minor: 1205 },
      { customer_id: 'h2', activity_id: 'c', currency: 'VND', transactions: 3, platform_fee_minor: 3000 },
    ];
    const names: Record<string, string> = { a: 'Phở, "Bà" Lan', b: 'Kayak', c: 'Spa' };
    expect(platformFeesCsv('2026-10', fees, (f) => names[f.activity_id]!).split('\r\n')).toEqual([
      'month,hotel,partner,currency,transactions,platform_fee',
      '2026-10,h1,"Phở, ""Bà"" Lan",VND,2,12000',
      '2026-10,h2,Kayak,USD,1,12.05',
      '2026-10,h2,Spa,VND,3,3000',
      '2026-10,TOTAL,,USD,1,12.05',
      '2026-10,TOTAL,,VND,5,15000',
      '',
    ]);
  });
});
