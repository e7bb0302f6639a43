import { describe, expect, it } from 'vitest';
import { formatRate, isMonth, isPin, monthsUpTo, reasonProblem } from './portal-logic.ts';
import { normaliseStatement } from './api.ts';

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
    const s = normaliseStatement({ closed: true, rate_in_force: '0.100', currency_totals: [{ currency: 'VND', confirmed_count: 2, confirmed_gross_minor: '300000', commission_minor: 30000 }], items: [{ id: 'a', created_at: '2026-10-02', source: 'voucher', amount_minor: 100000, currency: 'VND', commission_rate: 0.1, commission_minor: 10000, status: 'confirmed' }], invoice: { id: 'i', payment_reference: 'GM2610ABC', commission_minor: 30000, currency: 'VND', status: 'paid', vietqr: null, paid_at: '2026-11-03' } }, '2026-10');
    expect(s.rate_in_force).toBe(0.1);
    expect(s.currency_totals[0]!.confirmed_gross_minor).toBe(300000);
    expect(s.invoices).toHaveLength(1);
    expect(s.invoices[0]!.status).toBe('paid');
    expect(normaliseStatement({ invoice: null }, '2026-11').invoices).toEqual([]);
  });
});
