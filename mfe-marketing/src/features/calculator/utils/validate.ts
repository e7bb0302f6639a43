// Turns the calculator's raw form values into a RevenueInput, or says what is wrong with each
// field (as i18n keys with values), so invalid input never reaches the results.
import {
  HOTEL_CATEGORIES,
  REVENUE_SOURCES,
  type HotelCategory,
  type RevenueInput,
  type RevenueSource,
} from './revenue.ts';

export interface CalculatorForm {
  customersPerMonth: string;
  category: HotelCategory;
  sources: RevenueSource[];
  commissionRate: string;
  engagementRate: string;
  reinvestmentPct: string;
}

export type FieldName =
  'customersPerMonth' | 'sources' | 'commissionRate' | 'engagementRate' | 'reinvestmentPct' | 'category';
export interface FieldError {
  key: 'required' | 'wholeNumber' | 'number' | 'range' | 'sources' | 'category';
  values?: Record<string, number>;
}

export const LIMITS = {
  customersPerMonth: { min: 1, max: 1_000_000 },
  commissionRate: { min: 0, max: 100 },
  engagementRate: { min: 0, max: 100 },
  reinvestmentPct: { min: 0, max: 100 },
} as const;

/** Accepts "12", "12.5" and "12,5"; spaces around are ignored. */
export function parseDecimal(raw: string): number | null {
  const s = raw.trim().replace(/\s+/g, '');
  if (!/^\d+([.,]\d+)?$/.test(s)) return null;
  return Number(s.replace(',', '.'));
}

/** Whole numbers, allowing spaces as thousands separators ("1 200"). */
export function parseWhole(raw: string): number | null {
  const s = raw.trim().replace(/[\s\u00a0\u202f]+/g, '');
  return /^\d+$/.test(s) ? Number(s) : null;
}

export type Validation =
  | { ok: true; input: RevenueInput; errors: Partial<Record<FieldName, FieldError>> }
  | { ok: false; errors: Partial<Record<FieldName, FieldError>> };

export function validateCalculator(form: CalculatorForm): Validation {
  const errors: Partial<Record<FieldName, FieldError>> = {};
  const whole = (name: 'customersPerMonth') => {
    const raw = form[name];
    if (!raw.trim()) return void (errors[name] = { key: 'required' });
    const v = parseWhole(raw);
    if (v === null) return void (errors[name] = { key: 'wholeNumber' });
    const { min, max } = LIMITS[name];
    if (v < min || v > max) return void (errors[name] = { key: 'range', values: { min, max } });
    return v;
  };
  const percent = (name: 'commissionRate' | 'engagementRate' | 'reinvestmentPct') => {
    const raw = form[name];
    if (!raw.trim()) return void (errors[name] = { key: 'required' });
    const v = parseDecimal(raw);
    if (v === null) return void (errors[name] = { key: 'number' });
    const { min, max } = LIMITS[name];
    if (v < min || v > max) return void (errors[name] = { key: 'range', values: { min, max } });
    return v;
  };
  const customersPerMonth = whole('customersPerMonth');
  const commissionRate = percent('commissionRate');
  const engagementRate = percent('engagementRate');
  const reinvestmentPct = percent('reinvestmentPct');
  if (!HOTEL_CATEGORIES.includes(form.category)) errors.category = { key: 'category' };
  const sources = REVENUE_SOURCES.filter((s) => form.sources.includes(s));
  if (sources.length === 0) errors.sources = { key: 'sources' };
  if (
    Object.keys(errors).length > 0 ||
    customersPerMonth === undefined ||
    commissionRate === undefined ||
    engagementRate === undefined ||
    reinvestmentPct === undefined
  ) {
    return { ok: false, errors };
  }
  return {
    ok: true,
    errors,
    input: { customersPerMonth, category: form.category, sources, commissionRate, engagementRate, reinvestmentPct },
  };
}
