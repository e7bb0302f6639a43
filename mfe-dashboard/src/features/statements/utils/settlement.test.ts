import { describe, expect, it } from 'vitest';
import {
  invoicesRows,
  monthHasEnded,
  monthInZone,
  normaliseSettlement,
  payoutRows,
  type Invoice,
} from './settlement.ts';
import { csvText } from '../../../lib/csv.ts';

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
  it('invoices and payout CSV: stable English headers, exact major units', async () => {
    const inv = await csvText(
      invoicesRows(
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
      ),
    );
    expect(inv.trimEnd().split('\r\n')).toEqual([
      'month,partner,currency,commission,payment_reference,status,paid_at',
      '2026-10,"Bar, ""B""",USD,12.05,GM2610ABC123,paid,2026-11-02T03:00:00Z',
    ]);
    const pay = await csvText(
      payoutRows('2026-10', [
        {
          id: 'p',
          currency: 'VND',
          hotel_share_minor: 148_148,
          reinvestment_minor: 14_815,
          payout_minor: 133_333,
          status: 'open',
          paid_at: null,
        },
      ]),
    );
    expect(pay.trimEnd().split('\r\n')).toEqual([
      'month,currency,hotel_share_80,rewards_reinvestment,payout,status,paid_at',
      '2026-10,VND,148148,14815,133333,open,',
    ]);
  });
  it('invoices and payout CSV: a partner name or reference that looks like a formula is written as text, amounts as numbers', async () => {
    const invoice = (commission_minor: number, payment_reference: string): Invoice => ({
      id: 'i',
      activity_id: 'a',
      currency: 'USD',
      commission_minor,
      payment_reference,
      vietqr: null,
      status: 'open',
      paid_at: null,
    });
    const names = ['=HYPERLINK("http://x","y")', '+1+1', '@SUM(A1)', '-2+3', '\tTab', '\rCR'];
    const inv = await csvText(
      invoicesRows(
        '2026-10',
        names.map((n, k) => invoice(-1250 - k, n)),
        (i) => i.payment_reference,
      ),
    );
    const quoted = (s: string) => `"'${s.replace(/"/g, '""')}"`;
    expect(inv.trimEnd().split('\r\n').slice(1)).toEqual(
      names.map((n, k) => `2026-10,${quoted(n)},USD,-12.${50 + k},${quoted(n)},open,`),
    );
    const pay = await csvText(
      payoutRows('2026-10', [
        {
          id: 'p',
          currency: 'USD',
          hotel_share_minor: -1250,
          reinvestment_minor: 0,
          payout_minor: -1250,
          status: 'open',
          paid_at: null,
        },
      ]),
    );
    expect(pay.trimEnd().split('\r\n')[1]).toBe('2026-10,USD,-12.50,0.00,-12.50,open,');
  });
});
