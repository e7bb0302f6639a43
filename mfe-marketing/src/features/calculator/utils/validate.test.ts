import { describe, expect, it } from 'vitest';
import { parseDecimal, parseWhole, validateCalculator, type CalculatorForm } from './validate.ts';

const valid: CalculatorForm = {
  customersPerMonth: '300',
  category: 'mid-range',
  sources: ['food', 'entertainment', 'transport'],
  commissionRate: '10',
  engagementRate: '30',
  reinvestmentPct: '10',
};

describe('calculator validation', () => {
  it('accepts the defaults', () => {
    const v = validateCalculator(valid);
    expect(v.ok).toBe(true);
    if (v.ok)
      expect(v.input).toEqual({
        customersPerMonth: 300,
        category: 'mid-range',
        sources: ['food', 'entertainment', 'transport'],
        commissionRate: 10,
        engagementRate: 30,
        reinvestmentPct: 10,
      });
  });
  it('parses decimals with a dot or a comma and whole numbers with spaces', () => {
    expect(parseDecimal('12,5')).toBe(12.5);
    expect(parseDecimal(' 7.25 ')).toBe(7.25);
    expect(parseDecimal('1e3')).toBeNull();
    expect(parseDecimal('-3')).toBeNull();
    expect(parseWhole('1 200')).toBe(1200);
    expect(parseWhole('12.5')).toBeNull();
  });
  it('says which field is wrong and why', () => {
    const v = validateCalculator({
      ...valid,
      customersPerMonth: '',
      commissionRate: 'abc',
      engagementRate: '150',
      reinvestmentPct: '2.5',
      sources: [],
    });
    expect(v.ok).toBe(false);
    expect(v.errors).toEqual({
      customersPerMonth: { key: 'required' },
      commissionRate: { key: 'number' },
      engagementRate: { key: 'range', values: { min: 0, max: 100 } },
      sources: { key: 'sources' },
    });
  });
  it('refuses fractional or out-of-range customer counts', () => {
    expect(validateCalculator({ ...valid, customersPerMonth: '12.5' }).errors.customersPerMonth).toEqual({
      key: 'wholeNumber',
    });
    expect(validateCalculator({ ...valid, customersPerMonth: '0' }).errors.customersPerMonth).toEqual({
      key: 'range',
      values: { min: 1, max: 1_000_000 },
    });
    expect(validateCalculator({ ...valid, customersPerMonth: '2000000' }).ok).toBe(false);
  });
});
