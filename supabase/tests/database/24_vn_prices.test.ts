// Prices in đồng and the exchange rates behind the guests' estimate (issue 43 item 4; docs/prices.md): a place's
// price is whole VND, single or a range, refused otherwise; visitors read the rates, and only the service role (the
// operator's refresh command, supabase/scripts/vn-rates.ts) writes them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestStack, stopPgServer, type TestStack } from '@guestmap/local-stack/testing/stack.ts';
import { parseVietcombankXml, saveRates } from '../../scripts/vn-rates.ts';
import { asPersona, HOTEL_A, outcome, type PersonaName } from './support.ts';

afterAll(stopPgServer);

const SAMPLE = join(import.meta.dirname, '../../scripts/fixtures/vietcombank-rates.xml');
const MUSEUM = `(select id from public.activities where customer_id = '${HOTEL_A}' and slug = 'war-remnants-museum')`;

describe.each(BACKENDS)('prices in đồng and exchange rates on %s', (backend) => {
  let s: TestStack;
  beforeAll(async () => {
    s = await startTestStack(backend);
  });
  afterAll(async () => {
    await s?.stop();
  });

  /** The outcome of setting the museum's price as the hotel's moderator (rolled back). */
  const setPrice = (min: unknown, max: unknown) =>
    asPersona(s.db, 'moderatorA', (tx) =>
      outcome(
        tx,
        `update public.activities set price_min_vnd = $1, price_max_vnd = $2 where id = ${MUSEUM} returning price_min_vnd::text || '-' || price_max_vnd::text`,
        [min, max],
      ),
    );

  it('a moderator sets a single price or a range in whole đồng', async () => {
    expect(await setPrice(50000, 50000)).toEqual({ ok: '50000-50000' });
    expect(await setPrice(0, 150000)).toEqual({ ok: '0-150000' });
    expect(await setPrice(null, null)).toEqual({ ok: null });
  });

  it('refuses a negative price, a range upside down, half a range, a fraction of a đồng and an absurd amount', async () => {
    expect(await setPrice(-1, 10)).toMatchObject({ code: '23514' });
    expect(await setPrice(200000, 100000)).toMatchObject({ code: '23514' });
    expect(await setPrice(100000, null)).toMatchObject({ code: '23514' });
    expect(await setPrice(null, 100000)).toMatchObject({ code: '23514' });
    expect(await setPrice('1.5', '2')).toMatchObject({ code: '22P02' });
    expect(await setPrice(1, 1_000_000_000_001)).toMatchObject({ code: '23514' });
    // Nothing changed: the seeded price stands.
    const { rows } = await s.db.query(
      `select price_min_vnd::int as min, price_max_vnd::int as max from public.activities where id = ${MUSEUM}`,
    );
    expect(rows).toEqual([{ min: 40000, max: 40000 }]);
  });

  it('through the API too: a fractional price is refused with a clear error', async () => {
    const c = s.client();
    const { error: signIn } = await c.auth.signInWithPassword({
      email: 'moderator@demo.test',
      password: 'demo-pass-123',
    });
    expect(signIn).toBeNull();
    const { error } = await c
      .from('activities')
      .update({ price_min_vnd: 1.5, price_max_vnd: 2 })
      .eq('customer_id', HOTEL_A)
      .eq('slug', 'war-remnants-museum');
    expect(error?.code).toBe('22P02');
  });

  it('the seed prices several places of Ho Chi Minh City and the hotel, every one in order', async () => {
    const { rows } = await s.db.query<{ customer_id: string; n: number; bad: number }>(
      `select customer_id, count(*)::int as n, count(*) filter (where price_min_vnd > price_max_vnd)::int as bad
       from public.activities where price_min_vnd is not null group by customer_id order by customer_id`,
    );
    expect(rows).toEqual([
      { customer_id: 'ho-chi-minh-city', n: 18, bad: 0 },
      { customer_id: HOTEL_A, n: 18, bad: 0 },
    ]);
    // Visitors read a published place's price with the place.
    const { data } = await s
      .anon()
      .from('activities')
      .select('price_min_vnd, price_max_vnd')
      .eq('customer_id', HOTEL_A)
      .eq('slug', 'saigon-skydeck')
      .single();
    expect(data).toEqual({ price_min_vnd: 200000, price_max_vnd: 250000 });
  });

  it('visitors read the seeded rates, dated the day the seed ran, with their source', async () => {
    const { data, error } = await s
      .anon()
      .from('exchange_rates')
      .select('currency, vnd_per_unit, source, as_of')
      .order('currency');
    expect(error).toBeNull();
    const today = (await s.db.query<{ d: string }>(`select current_date::text as d`)).rows[0]!.d;
    expect(data!.map((r) => r.currency)).toEqual(expect.arrayContaining(['CNY', 'EUR', 'JPY', 'KRW', 'USD']));
    expect(data!.find((r) => r.currency === 'USD')).toEqual({
      currency: 'USD',
      vnd_per_unit: 26138,
      source: 'Vietcombank',
      as_of: today,
    });
  });

  it('visitors and signed-in users, administrators included, cannot write the rates', async () => {
    const anonWrite = await s
      .anon()
      .from('exchange_rates')
      .upsert({ currency: 'USD', vnd_per_unit: 1, source: 'x', as_of: '2026-12-01' });
    expect(anonWrite.error?.code).toBe('42501');
    for (const p of ['anon', 'plain', 'moderatorA', 'admin'] satisfies PersonaName[]) {
      const r = await asPersona(s.db, p, async (tx) => ({
        insert: await outcome(
          tx,
          `insert into public.exchange_rates (currency, vnd_per_unit, source, as_of) values ('XAU', 1, 'x', current_date)`,
        ),
        update: await outcome(tx, `update public.exchange_rates set vnd_per_unit = 1 where currency = 'USD'`),
        delete: await outcome(tx, `delete from public.exchange_rates where currency = 'USD'`),
      }));
      expect(r, p).toEqual({
        insert: expect.objectContaining({ code: '42501' }),
        update: expect.objectContaining({ code: '42501' }),
        delete: expect.objectContaining({ code: '42501' }),
      });
    }
    const { rows } = await s.db.query(
      `select vnd_per_unit::float8 as rate from public.exchange_rates where currency = 'USD'`,
    );
    expect(rows).toEqual([{ rate: 26138 }]);
  });

  it("the operator's refresh (service key) writes the bank list's rates, source and date", async () => {
    const rates = parseVietcombankXml(readFileSync(SAMPLE, 'utf8'));
    await saveRates(
      s.service(),
      rates.map((r) => (r.currency === 'USD' ? { ...r, vnd_per_unit: 26200.5 } : r)),
    );
    const { data } = await s
      .anon()
      .from('exchange_rates')
      .select('currency, vnd_per_unit, source, as_of')
      .in('currency', ['USD', 'DKK', 'RUB'])
      .order('currency');
    // DKK: no cash rate, its transfer rate kept; RUB: no rate at all, left out.
    expect(data).toEqual([
      { currency: 'DKK', vnd_per_unit: 3971.27, source: 'Vietcombank', as_of: '2026-12-03' },
      { currency: 'USD', vnd_per_unit: 26200.5, source: 'Vietcombank', as_of: '2026-12-03' },
    ]);
  });
});
