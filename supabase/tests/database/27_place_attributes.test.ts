// Places' traveller attributes (issue 43 item 5; docs/filters.md): the database takes exactly the keys and values
// of shared-ui/src/place-attributes.ts and refuses any other with the code the dashboard translates
// (`invalid_attribute`), naming the pair; who may read and write them is the row's own RLS, unchanged; the seed's
// Ho Chi Minh City places carry realistic values.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestStack, stopPgServer, type TestStack } from '@guestmap/local-stack/testing/stack.ts';
import { PLACE_ATTRIBUTES, TAG_FILTER_RULES, attributesOf } from '../../../shared-ui/src/place-attributes.ts';
import { asPersona, HOTEL_A, HOTEL_B, outcome, sqlError, type PersonaName } from './support.ts';

afterAll(stopPgServer);

const placeOf = (customer: string, slug: string) =>
  `(select id from public.activities where customer_id = '${customer}' and slug = '${slug}')`;

describe.each(BACKENDS)('place attributes on %s', (backend) => {
  let s: TestStack;
  beforeAll(async () => {
    s = await startTestStack(backend);
  });
  afterAll(async () => {
    await s?.stop();
  });

  const write = (attrs: unknown) =>
    asPersona(s.db, 'moderatorA', (tx) =>
      tx.query(
        `update public.activities set attributes = $1::jsonb where id = ${placeOf(HOTEL_A, 'pho-hoa-pasteur')} returning attributes`,
        [JSON.stringify(attrs)],
      ),
    );

  it('takes every key with every value the editor offers, all at once', async () => {
    for (const [key, values] of Object.entries(PLACE_ATTRIBUTES)) {
      for (const value of values) {
        const { rows } = await write({ [key]: value });
        expect(rows).toEqual([{ attributes: { [key]: value } }]);
      }
    }
    const all = Object.fromEntries(Object.entries(PLACE_ATTRIBUTES).map(([k, v]) => [k, v[0]]));
    expect((await write(all)).rows).toEqual([{ attributes: all }]);
    expect((await write({})).rows).toEqual([{ attributes: {} }]);
  });

  it('refuses an unknown key or value with invalid_attribute, naming the pair, and changes nothing', async () => {
    const refused: [unknown, RegExp][] = [
      [{ 'diet:vegetarian': 'maybe' }, /"diet:vegetarian" cannot be "maybe"/],
      [{ 'diet:carnivore': 'yes' }, /Unknown place attribute "diet:carnivore"/],
      [{ wheelchair: 'limited', 'payment:cash': 'yes' }, /Unknown place attribute "payment:cash"/],
      [{ 'guestmap:no_pork': 'only' }, /"guestmap:no_pork" cannot be "only"/],
      [{ 'payment:cards': true }, /"payment:cards" cannot be true/],
      [{ wheelchair: 'Yes' }, /"wheelchair" cannot be "Yes"/],
      [['diet:vegetarian=yes'], /object of tags/],
      ['yes', /object of tags/],
    ];
    for (const [attrs, message] of refused) {
      const e = await sqlError(write(attrs));
      expect(e, JSON.stringify(attrs)).toMatchObject({ code: '23514', detail: 'invalid_attribute' });
      expect(e.message).toMatch(message);
    }
    // Random keys near the real ones (a typo, another case, a prefix of its own) are refused too.
    const keys = Object.keys(PLACE_ATTRIBUTES);
    for (let i = 0; i < 40; i++) {
      const k = keys[i % keys.length]!;
      const variant = [k.toUpperCase(), `${k}_`, k.replace(':', '_'), `x${k}`, `${k}:extra`][i % 5]!;
      if (keys.includes(variant)) continue; // 'wheelchair' has no ':' to replace
      const e = await sqlError(write({ [variant]: 'yes' }));
      expect(e.detail, variant).toBe('invalid_attribute');
    }
    const { rows } = await s.db.query(
      `select attributes from public.activities where id = ${placeOf(HOTEL_A, 'pho-hoa-pasteur')}`,
    );
    expect(rows).toEqual([
      {
        attributes: { 'diet:vegetarian': 'no', 'payment:cards': 'no', 'payment:vietqr': 'yes', 'guestmap:kids': 'yes' },
      },
    ]);
    // null is not "none": the column is an object, {} when a place has no attributes.
    expect((await sqlError(write(null))).code).toMatch(/^(23502|23514)$/);
  });

  it('RLS unchanged: visitors read published attributes; only the hotel’s managers write them', async () => {
    const tryWrite = (p: PersonaName, customer: string) =>
      asPersona(s.db, p, (tx) =>
        outcome(
          tx,
          `with u as (update public.activities set attributes = '{"wheelchair":"yes"}' where id = ${placeOf(customer, 'saigon-opera-house')} returning 1)
           select count(*)::int from u`,
        ),
      );
    expect(await tryWrite('moderatorA', HOTEL_A)).toEqual({ ok: 1 });
    expect(await tryWrite('admin', HOTEL_A)).toEqual({ ok: 1 });
    for (const p of ['moderatorB', 'plain', 'guest', 'anonymousGuest', 'disabled'] as const)
      expect(await tryWrite(p, HOTEL_A), p).toEqual({ ok: 0 });
    expect(await tryWrite('anon', HOTEL_A)).toMatchObject({ code: '42501' });
    expect(await tryWrite('moderatorA', HOTEL_B)).toEqual({ ok: 0 });
    const read = await asPersona(s.db, 'anon', (tx) =>
      tx.query<{ attributes: unknown }>(
        `select attributes from public.activities where id = ${placeOf(HOTEL_A, 'quan-an-ngon')}`,
      ),
    );
    expect(read.rows[0]?.attributes).toMatchObject({ 'diet:vegetarian': 'yes', wheelchair: 'yes' });
  });

  it('seed: several vegetarian places, some with wheelchair access, cards and VietQR, all valid', async () => {
    const { rows } = await s.db.query<{ customer_id: string; slug: string; attributes: unknown }>(
      `select customer_id, slug, attributes from public.activities
       where customer_id in ('ho-chi-minh-city', '${HOTEL_A}') and published order by slug`,
    );
    const matching = (customer: string, rule: (typeof TAG_FILTER_RULES)[keyof typeof TAG_FILTER_RULES]) =>
      rows.filter((r) => r.customer_id === customer && rule(attributesOf(r.attributes))).map((r) => r.slug);
    expect(matching(HOTEL_A, TAG_FILTER_RULES.vegetarian)).toEqual([
      'lusine-dong-khoi',
      'quan-an-ngon',
      'secret-garden',
      'the-workshop-coffee',
    ]);
    expect(matching('ho-chi-minh-city', TAG_FILTER_RULES.vegetarian)).toEqual([
      'ben-thanh-street-food-market',
      'hum-vegetarian',
      'lusine-dong-khoi',
      'quan-an-ngon',
      'runam-bistro',
      'secret-garden',
      'the-workshop-coffee',
    ]);
    expect(matching('ho-chi-minh-city', TAG_FILTER_RULES.wheelchair).length).toBeGreaterThanOrEqual(5);
    expect(matching('ho-chi-minh-city', TAG_FILTER_RULES.cards).length).toBeGreaterThanOrEqual(5);
    expect(matching('ho-chi-minh-city', TAG_FILTER_RULES.vietqr).length).toBeGreaterThanOrEqual(5);
    // Nothing stored that the shared list would drop.
    for (const r of rows) expect(attributesOf(r.attributes), r.slug).toEqual(r.attributes);
  });
});
