import { describe, expect, it } from 'vitest';
import { platformFeesRows } from './platform-fees.ts';
import { csvText } from '../../../lib/csv.ts';

describe('settlement', () => {
  it('platform fee CSV: one line per hotel, partner and currency, then a TOTAL per currency, major units', async () => {
    const fees = [
      { customer_id: 'h1', activity_id: 'a', currency: 'VND', transactions: 2, platform_fee_minor: 12000 },
      { customer_id: 'h2', activity_id: 'b', currency: 'USD', transactions: 1, platform_fee_minor: 1205 },
      { customer_id: 'h2', activity_id: 'c', currency: 'VND', transactions: 3, platform_fee_minor: 3000 },
    ];
    const names: Record<string, string> = { a: 'Phở, "Bà" Lan', b: 'Kayak', c: 'Spa' };
    expect((await csvText(platformFeesRows('2026-10', fees, (f) => names[f.activity_id]!))).split('\r\n')).toEqual([
      'month,hotel,partner,currency,transactions,platform_fee',
      '2026-10,h1,"Phở, ""Bà"" Lan",VND,2,12000',
      '2026-10,h2,Kayak,USD,1,12.05',
      '2026-10,h2,Spa,VND,3,3000',
      '2026-10,TOTAL,,USD,1,12.05',
      '2026-10,TOTAL,,VND,5,15000',
      '',
    ]);
  });
  it('platform fee CSV: a partner or hotel name that looks like a formula is written as text, amounts as numbers', async () => {
    const fees = [
      { customer_id: '@hotel', activity_id: 'a', currency: 'USD', transactions: 1, platform_fee_minor: -1250 },
      { customer_id: 'h', activity_id: 'b', currency: 'USD', transactions: 1, platform_fee_minor: 5 },
    ];
    const names: Record<string, string> = { a: '=HYPERLINK("http://x","y")', b: '-2+3' };
    expect((await csvText(platformFeesRows('2026-10', fees, (f) => names[f.activity_id]!))).split('\r\n')).toEqual([
      'month,hotel,partner,currency,transactions,platform_fee',
      `2026-10,"'@hotel","'=HYPERLINK(""http://x"",""y"")",USD,1,-12.50`,
      `2026-10,h,"'-2+3",USD,1,0.05`,
      '2026-10,TOTAL,,USD,2,-12.45',
      '',
    ]);
  });
});
