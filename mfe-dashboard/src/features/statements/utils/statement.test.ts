import { describe, expect, it } from 'vitest';
import { statementRows, totals, type StatementLine } from './statement.ts';
import { csvText } from '../../../lib/csv.ts';
import { isMonth, monthRange, recentMonths } from '../../../lib/months.ts';

const line = (partner: string, currency: string, gross: number, commission: number): StatementLine => {
  const fee = Math.round(commission * 0.2);
  const share = commission - fee;
  const reinvest = Math.round(share * 0.1);
  return {
    activity_id: partner,
    partner,
    currency,
    transactions: 2,
    gross_minor: gross,
    commission_minor: commission,
    hotel_share_minor: share,
    platform_fee_minor: fee,
    reinvestment_minor: reinvest,
    net_to_hotel_minor: share - reinvest,
  };
};

describe('monthly statement', () => {
  it('lists months newest first across a year boundary', () => {
    expect(recentMonths(3, new Date('2027-01-15T00:00:00Z'))).toEqual(['2027-01', '2026-12', '2026-11']);
  });
  it('accepts only YYYY-MM', () => {
    expect(isMonth('2026-10')).toBe(true);
    expect(isMonth('2026-13')).toBe(false);
    expect(isMonth('2026-1')).toBe(false);
    expect(isMonth(null)).toBe(false);
  });
  it('covers the whole UTC month', () => {
    expect(monthRange('2026-12')).toEqual({ start: '2026-12-01T00:00:00.000Z', end: '2027-01-01T00:00:00.000Z' });
  });
  it('totals per currency, exactly', () => {
    const t = totals([
      line('A', 'VND', 1_000_001, 150_000),
      line('B', 'VND', 2_000_000, 300_001),
      line('C', 'USD', 1205, 181),
    ]);
    expect(t.map((x) => [x.currency, x.gross_minor, x.commission_minor, x.transactions])).toEqual([
      ['USD', 1205, 181, 2],
      ['VND', 3_000_001, 450_001, 4],
    ]);
    for (const x of t) expect(x.hotel_share_minor + x.platform_fee_minor).toBe(x.commission_minor);
  });
  it('exports confirmed lines, then totals, then pending and disputed items apart; exact major units', async () => {
    const csv = await csvText(
      statementRows(
        '2026-10',
        [line('Spa, "Miu"', 'VND', 1_234_567, 185_185), line('Bar', 'USD', 1205, 181)],
        [
          {
            partner: 'Bar',
            currency: 'USD',
            amount_minor: 5,
            commission_minor: 1,
            status: 'disputed',
            dispute_reason: 'never came, "sure"',
          },
          {
            partner: 'Spa',
            currency: 'VND',
            amount_minor: 250_000,
            commission_minor: 37_500,
            status: 'pending',
            dispute_reason: null,
          },
        ],
      ),
    );
    const rows = csv.trimEnd().split('\r\n');
    expect(rows[0]).toBe(
      'month,partner,currency,transactions,guest_spend,commission,hotel_share_80,platform_fee_20,rewards_reinvestment,net_to_hotel,status,dispute_reason',
    );
    expect(rows[1]).toBe('2026-10,"Spa, ""Miu""",VND,2,1234567,185185,148148,37037,14815,133333,confirmed,');
    expect(rows[2]).toBe('2026-10,Bar,USD,2,12.05,1.81,1.45,0.36,0.15,1.30,confirmed,');
    expect(rows.slice(3, 5)).toEqual([
      '2026-10,TOTAL,USD,2,12.05,1.81,1.45,0.36,0.15,1.30,confirmed,',
      '2026-10,TOTAL,VND,2,1234567,185185,148148,37037,14815,133333,confirmed,',
    ]);
    expect(rows.slice(5)).toEqual([
      '2026-10,Bar,USD,1,0.05,0.01,,,,,disputed,"never came, ""sure"""',
      '2026-10,Spa,VND,1,250000,37500,,,,,pending,',
    ]);
  });
  it('writes a partner name or dispute reason that looks like a formula as text; negative amounts stay numbers', async () => {
    const csv = await csvText(
      statementRows(
        '2026-10',
        [line('=HYPERLINK("http://x","y")', 'USD', -1250, -250)],
        [
          {
            partner: '@SUM(A1)',
            currency: 'USD',
            amount_minor: -1250,
            commission_minor: 5,
            status: 'disputed',
            dispute_reason: '-2+3',
          },
        ],
      ),
    );
    const rows = csv.trimEnd().split('\r\n');
    expect(rows[1]).toBe(
      '2026-10,"\'=HYPERLINK(""http://x"",""y"")",USD,2,-12.50,-2.50,-2.00,-0.50,-0.20,-1.80,confirmed,',
    );
    expect(rows[3]).toBe('2026-10,"\'@SUM(A1)",USD,1,-12.50,0.05,,,,,disputed,"\'-2+3"');
  });
});
