import { describe, expect, it } from 'vitest';
import { formatRate, isPin, itemsRows, reasonProblem } from './portal-logic.ts';
import { csvText } from '../../../lib/csv.ts';
import { isMonth, monthsUpTo } from '../../../lib/months.ts';
import { normaliseStatement } from '../api/partner-statement.ts';

describe('partner portal rules', () => {
  it('accepts PINs of 6 to 12 digits only', () => {
    expect(isPin('123456')).toBe(true);
    expect(isPin('123456789012')).toBe(true);
    expect(isPin('12345')).toBe(false);
    expect(isPin('1234567890123')).toBe(false);
    expect(isPin('12345a')).toBe(false);
    expect(isPin(' 123456')).toBe(false);
  });
  it('requires a dispute reason', () => {
    expect(reasonProblem('   ')).toBe('required');
    expect(reasonProblem('x'.repeat(501))).toBe('too_long');
    expect(reasonProblem('We never sold this')).toBeNull();
  });
  it('lists months newest first across a year', () => {
    expect(monthsUpTo('2026-02', 3)).toEqual(['2026-02', '2026-01', '2025-12']);
    expect(isMonth('2026-13')).toBe(false);
  });
  it('shows rates as percentages in each language', () => {
    expect(formatRate(0.1, 'en-US')).toBe('10%');
    expect(formatRate(0.125, 'en-US')).toBe('12.5%');
    expect(formatRate(0.125, 'fr-FR').replace(/\s/g, ' ')).toBe('12,5 %');
  });
  it('reads the statement as integers of minor units, one invoice or a list', () => {
    const s = normaliseStatement(
      {
        closed: true,
        rate_in_force: '0.100',
        currency_totals: [
          { currency: 'VND', confirmed_count: 2, confirmed_gross_minor: '300000', commission_minor: 30000 },
        ],
        items: [
          {
            id: 'a',
            created_at: '2026-10-02',
            source: 'voucher',
            amount_minor: 100000,
            currency: 'VND',
            commission_rate: 0.1,
            commission_minor: 10000,
            status: 'confirmed',
          },
        ],
        invoice: {
          id: 'i',
          payment_reference: 'GM2610ABC',
          commission_minor: 30000,
          currency: 'VND',
          status: 'paid',
          vietqr: null,
          paid_at: '2026-11-03',
        },
      },
      '2026-10',
    );
    expect(s.rate_in_force).toBe(0.1);
    expect(s.currency_totals[0]!.confirmed_gross_minor).toBe(300000);
    expect(s.invoices).toHaveLength(1);
    expect(s.invoices[0]!.status).toBe('paid');
    expect(normaliseStatement({ invoice: null }, '2026-11').invoices).toEqual([]);
  });

  it('items CSV: one line per item, amounts with the currency decimals from the currencies table', async () => {
    const items = [
      {
        id: '1',
        created_at: '2026-10-03T04:05:06+00:00',
        source: 'voucher' as const,
        amount_minor: 250000,
        currency: 'VND',
        commission_rate: 0.1,
        commission_minor: 25000,
        status: 'confirmed' as const,
        dispute_reason: null,
      },
      {
        id: '2',
        created_at: '2026-10-04T00:00:00+00:00',
        source: 'manual' as const,
        amount_minor: 1999,
        currency: 'USD',
        commission_rate: 0.15,
        commission_minor: 300,
        status: 'disputed' as const,
        dispute_reason: 'Not us, sorry',
      },
    ];
    expect(
      (
        await csvText(
          itemsRows(
            '2026-10',
            'Kayak',
            'Saigon Riverside Hotel',
            items,
            new Map([
              ['VND', 0],
              ['USD', 2],
            ]),
          ),
        )
      ).split('\r\n'),
    ).toEqual([
      'month,partner,hotel,created_at,source,currency,amount,commission_rate,commission,status,dispute_reason',
      '2026-10,Kayak,Saigon Riverside Hotel,2026-10-03T04:05:06+00:00,voucher,VND,250000,0.1,25000,confirmed,',
      '2026-10,Kayak,Saigon Riverside Hotel,2026-10-04T00:00:00+00:00,manual,USD,19.99,0.15,3.00,disputed,"Not us, sorry"',
      '',
    ]);
  });
  it('items CSV: a dispute reason, partner or hotel name that looks like a formula is written as text', async () => {
    const reasons = ['=HYPERLINK("http://x","y")', '+1+1', '@SUM(A1)', '-2+3', '\t=1', '\r=1'];
    const items = reasons.map((dispute_reason, k) => ({
      id: String(k),
      created_at: '2026-10-04T00:00:00+00:00',
      source: 'manual' as const,
      amount_minor: -1250,
      currency: 'USD',
      commission_rate: 0.15,
      commission_minor: -188,
      status: 'disputed' as const,
      dispute_reason,
    }));
    const rows = (await csvText(itemsRows('2026-10', '=Kayak', '+Hotel', items, new Map([['USD', 2]]))))
      .trimEnd()
      .split('\r\n');
    expect(rows.slice(1)).toEqual(
      reasons.map(
        (r) =>
          `2026-10,"'=Kayak","'+Hotel",2026-10-04T00:00:00+00:00,manual,USD,-12.50,0.15,-1.88,disputed,"'${r.replace(/"/g, '""')}"`,
      ),
    );
  });
});
