// Prices in đồng and the estimate beside them (docs/prices.md). The conversion is checked on random inputs against
// an independent computation (exact decimal long division of the same numbers, rounded on the digit string), and
// the formats as a guest sees them, spaces included (no-break U+00A0, narrow no-break U+202F, full-width ￥).
import { describe, expect, it } from 'vitest';
import {
  convertPrice,
  convertVnd,
  estimateCurrency,
  formatEstimate,
  formatRateDate,
  formatVnd,
  isRateFresh,
  MAX_RATE_AGE_DAYS,
  rateAgeDays,
} from './prices.ts';

/** A small seeded generator (mulberry32), so a failure names the seed that reproduces it. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The reference: vnd / (rate4 / 10^4) by long division into decimal digits, rounded half up at the second
 * significant digit on the digit string, read back by Number() from a decimal literal.
 */
function reference(vnd: bigint, rate4: bigint): number {
  if (vnd === 0n) return 0;
  const n = vnd * 10_000n;
  const whole = (n / rate4).toString();
  let rem = n % rate4;
  let frac = '';
  for (let i = 0; i < 40; i++) {
    rem *= 10n;
    frac += (rem / rate4).toString();
    rem %= rate4;
  }
  const digits = (whole === '0' ? '' : whole) + frac;
  const lead = digits.search(/[1-9]/);
  // The decimal exponent of the first significant digit.
  const exp = whole === '0' ? -(lead + 1) : whole.length - 1;
  let two = Number(digits.slice(lead, lead + 2));
  if (Number(digits[lead + 2]) >= 5) two += 1;
  return Number(`${two}e${exp - 1}`);
}

/** A log-uniform integer in [lo, hi]. */
const logInt = (r: () => number, lo: number, hi: number) =>
  Math.floor(Math.exp(Math.log(lo) + r() * (Math.log(hi + 1) - Math.log(lo))));

const significantDigits = (x: number) => x.toExponential().split('e')[0]!.replace('.', '').replace(/^0+/, '').length;

describe('convertVnd (property: random prices and rates)', () => {
  const SEED = 4_302_026;
  it('equals the independent computation, has at most two significant digits, is never NaN and within 5 %', () => {
    const r = random(SEED);
    for (let i = 0; i < 5000; i++) {
      const vnd = logInt(r, 1, 1_000_000_000_000);
      const rate4 = BigInt(logInt(r, 1, 1_000_000_000)); // 0.0001 … 100,000 VND a unit, four decimals
      const rate = Number(rate4) / 10_000;
      const got = convertVnd(vnd, rate);
      const exact = (vnd * 10_000) / Number(rate4);
      const ctx = `seed ${SEED}, case ${i}: ${vnd} VND at ${rate}`;
      expect(got, ctx).toBe(reference(BigInt(vnd), rate4));
      expect(Number.isNaN(got), ctx).toBe(false);
      expect(got, ctx).toBeGreaterThan(0);
      expect(significantDigits(got), ctx).toBeLessThanOrEqual(2);
      expect(Math.abs(got - exact) / exact, ctx).toBeLessThanOrEqual(0.05);
    }
  });

  it('keeps a range in order, and a single price single', () => {
    const r = random(SEED + 1);
    for (let i = 0; i < 3000; i++) {
      const a = logInt(r, 1, 10_000_000_000);
      const b = logInt(r, 1, 10_000_000_000);
      const rate = logInt(r, 1, 500_000_000) / 10_000;
      const { min, max } = convertPrice({ min: Math.min(a, b), max: Math.max(a, b) }, rate);
      expect(min, `case ${i}`).toBeLessThanOrEqual(max);
      const single = convertPrice({ min: a, max: a }, rate);
      expect(single.min).toBe(single.max);
    }
  });

  it('rounds half up at the second digit, exactly where floating point would not', () => {
    expect(convertVnd(105_000, 10_000)).toBe(11); // 10.5
    expect(convertVnd(104_999, 10_000)).toBe(10); // 10.4999
    expect(convertVnd(35, 100)).toBe(0.35); // not 0.35000000000000003
    expect(convertVnd(75_000, 26_138)).toBe(2.9); // 2.869…
    expect(convertVnd(75_000, 17.82)).toBe(4200); // 4208.7…
    expect(convertVnd(999_999, 1)).toBe(1_000_000);
    // 395 / 0.0316 is 12,500 exactly; in floating point 12,499.999999999998, which would round down.
    expect(convertVnd(395, 0.0316)).toBe(13_000);
  });

  it('gives nothing for nothing: zero, a missing or non-positive rate, NaN', () => {
    expect(convertVnd(0, 26_000)).toBe(0);
    expect(convertVnd(50_000, 0)).toBe(0);
    expect(convertVnd(50_000, -3)).toBe(0);
    expect(convertVnd(Number.NaN, 26_000)).toBe(0);
    expect(convertVnd(50_000, Number.NaN)).toBe(0);
  });
});

describe('the estimate currency', () => {
  it.each([
    ['en-US', 'USD'],
    ['fr-FR', 'EUR'],
    ['ko-KR', 'KRW'],
    ['ja-JP', 'JPY'],
    ['zh-CN', 'CNY'],
    ['vi-VN', null],
  ])('%s → %s by default', (locale, currency) => expect(estimateCurrency(locale, null)).toBe(currency));

  it("follows the guest's choice, and '' chooses none", () => {
    expect(estimateCurrency('vi-VN', 'AUD')).toBe('AUD');
    expect(estimateCurrency('ko-KR', '')).toBeNull();
  });
});

describe('the staleness rule', () => {
  // 23:00 in Ho Chi Minh City on 3 December; an hour later it is the 4th there (UTC+7).
  const lateOn3rd = new Date('2026-12-03T16:00:00Z');
  const earlyOn4th = new Date('2026-12-03T17:00:00Z');

  it(`shows an estimate from a rate up to ${MAX_RATE_AGE_DAYS} days old, counted in Vietnam's days`, () => {
    expect(rateAgeDays('2026-12-03', lateOn3rd)).toBe(0);
    expect(isRateFresh('2026-12-03', lateOn3rd)).toBe(true);
    expect(isRateFresh('2026-11-26', lateOn3rd)).toBe(true); // 7 days
    expect(isRateFresh('2026-11-26', earlyOn4th)).toBe(false); // 8 days in Vietnam, though still the 3rd in UTC
    expect(isRateFresh('2026-10-01', lateOn3rd)).toBe(false);
  });

  it('a rate without a valid date is never fresh', () => {
    expect(isRateFresh('', lateOn3rd)).toBe(false);
    expect(isRateFresh('2026-13-40', lateOn3rd)).toBe(false);
    expect(isRateFresh('3/12/2026', lateOn3rd)).toBe(false);
  });
});

describe('formats, as the guest reads them', () => {
  it('the price in đồng in each language, single and range', () => {
    expect(formatVnd({ min: 150_000, max: 150_000 }, 'vi-VN')).toBe('150.000\u00a0₫');
    expect(formatVnd({ min: 200_000, max: 250_000 }, 'vi-VN')).toBe('200.000-250.000\u00a0₫');
    expect(formatVnd({ min: 150_000, max: 150_000 }, 'en-US')).toBe('₫150,000');
    expect(formatVnd({ min: 150_000, max: 150_000 }, 'fr-FR')).toBe('150\u202f000\u00a0₫');
    expect(formatVnd({ min: 150_000, max: 150_000 }, 'ko-KR')).toBe('₫150,000');
    expect(formatVnd({ min: 0, max: 0 }, 'en-US')).toBe('₫0');
  });

  it('the estimate: US$ for English, ₩ for Korean, the full-width ￥ for Japanese', () => {
    expect(formatEstimate({ min: 10, max: 10 }, 'USD', 'en-US')).toBe('US$10');
    expect(formatEstimate({ min: 2.9, max: 2.9 }, 'USD', 'en-US')).toBe('US$2.9');
    expect(formatEstimate({ min: 13_000, max: 13_000 }, 'KRW', 'ko-KR')).toBe('₩13,000');
    expect(formatEstimate({ min: 450, max: 450 }, 'JPY', 'ja-JP')).toBe('￥450');
    expect(formatEstimate({ min: 21, max: 21 }, 'CNY', 'zh-CN')).toBe('¥21');
    expect(formatEstimate({ min: 2.7, max: 2.7 }, 'EUR', 'fr-FR')).toBe('2,7\u00a0€');
    expect(formatEstimate({ min: 7.7, max: 9.6 }, 'USD', 'en-US')).toBe('US$7.7–9.6');
    expect(formatEstimate({ min: 11_000, max: 14_000 }, 'KRW', 'ko-KR')).toBe('₩11,000 ~ ₩14,000');
  });

  it("the rate's date in the guest's language", () => {
    expect(formatRateDate('2026-12-03', 'en-US')).toBe('Dec 3, 2026');
    expect(formatRateDate('2026-12-03', 'ko-KR')).toBe('2026. 12. 3.');
    expect(formatRateDate('2026-12-03', 'vi-VN')).toBe('3 thg 12, 2026');
  });
});
