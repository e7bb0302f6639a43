// The rates file's parser (supabase/scripts/vn-rates.ts; docs/prices.md): Vietcombank's XML list becomes one rate
// per currency with the bank's name and the list's date; a file that is not such a list is refused with a message
// that says why, so a refresh never writes half a list.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseBankDate, parseBankNumber, parseVietcombankXml, RatesFileError } from '../../scripts/vn-rates.ts';

const SAMPLE = readFileSync(join(import.meta.dirname, '../../scripts/fixtures/vietcombank-rates.xml'), 'utf8');

describe('parseVietcombankXml', () => {
  const rates = parseVietcombankXml(SAMPLE);
  const byCode = Object.fromEntries(rates.map((r) => [r.currency, r]));

  it('reads the transfer buying rate of each currency, with the bank as source and the list date', () => {
    expect(byCode.USD).toEqual({ currency: 'USD', vnd_per_unit: 26138, source: 'Vietcombank', as_of: '2026-12-03' });
    expect(byCode.KRW).toEqual({ currency: 'KRW', vnd_per_unit: 17.82, source: 'Vietcombank', as_of: '2026-12-03' });
    expect(byCode.JPY?.vnd_per_unit).toBe(166.37);
    expect(byCode.EUR?.vnd_per_unit).toBe(30178.18);
    expect(byCode.CNY?.vnd_per_unit).toBe(3622.24);
  });

  it('keeps a currency without a cash rate by its transfer rate and leaves out one with no rate at all', () => {
    expect(byCode.DKK?.vnd_per_unit).toBe(3971.27);
    expect(byCode.RUB).toBeUndefined();
    expect(rates).toHaveLength(19);
  });

  it('falls back to the cash buying rate when the transfer rate is missing; reads attributes in any order and quoting', () => {
    const xml = `<ExrateList><DateTime>1/9/2027 4:05:00 PM</DateTime>
      <Exrate Sell='1.0' Transfer='-' Buy='26,001.5' CurrencyCode='usd'/>
      <Source>Vietcombank</Source></ExrateList>`;
    expect(parseVietcombankXml(xml)).toEqual([
      { currency: 'USD', vnd_per_unit: 26001.5, source: 'Vietcombank', as_of: '2027-01-09' },
    ]);
  });

  it.each([
    ['<html><body>Service unavailable</body></html>', 'no <ExrateList>'],
    ['<ExrateList><Exrate CurrencyCode="USD" Transfer="1"/><Source>Vietcombank</Source></ExrateList>', 'no <DateTime>'],
    ['<ExrateList><DateTime>2026-12-03</DateTime><Source>Vietcombank</Source></ExrateList>', 'not M/D/YYYY'],
    ['<ExrateList><DateTime>2/30/2026 1:00:00 AM</DateTime><Source>V</Source></ExrateList>', 'no such date'],
    [
      '<ExrateList><DateTime>12/3/2026 1:00:00 AM</DateTime><Exrate CurrencyCode="USD" Transfer="1"/></ExrateList>',
      'no <Source>',
    ],
    [
      '<ExrateList><DateTime>12/3/2026 1:00:00 AM</DateTime><Exrate CurrencyCode="USD" Transfer="26.138,00"/><Source>V</Source></ExrateList>',
      'not a rate',
    ],
    [
      '<ExrateList><DateTime>12/3/2026 1:00:00 AM</DateTime><Exrate CurrencyCode="US" Transfer="1"/><Source>V</Source></ExrateList>',
      'not a currency code',
    ],
    [
      '<ExrateList><DateTime>12/3/2026 1:00:00 AM</DateTime><Exrate CurrencyCode="RUB" Transfer="-" Buy="-"/><Source>V</Source></ExrateList>',
      'no usable rate',
    ],
  ])('refuses %s (%s)', (xml, message) => {
    expect(() => parseVietcombankXml(xml)).toThrow(RatesFileError);
    expect(() => parseVietcombankXml(xml)).toThrow(message);
  });
});

describe('the list’s numbers and dates', () => {
  it.each([
    ['26,138.00', 26138],
    ['17.82', 17.82],
    ['1,234,567.891', 1234567.891],
    ['800', 800],
    [' - ', null],
    ['', null],
  ])('%j → %j', (s, n) => expect(parseBankNumber(s)).toBe(n));

  it('reads M/D/YYYY as the bank writes it (month first)', () => {
    expect(parseBankDate('12/3/2026 8:30:12 AM')).toBe('2026-12-03');
    expect(parseBankDate('3/12/2026 11:59:59 PM')).toBe('2026-03-12');
  });
});
