// Place content in six languages (issue 30, item 2): titles, descriptions, guest offers, welcome texts
// and rewards texts accept zh/ko/ja beside en/vi/fr; any other key is still refused; the demo maps
// of Saigon carry all six.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestStack, stopPgServer, type TestStack } from '@guestmap/local-stack/testing/stack.ts';
import { HOTEL_A, asPersona, outcome } from './support.ts';

afterAll(stopPgServer);

const SIX = { en: 'Pho', vi: 'Phở', fr: 'Pho', zh: '河粉', ko: '쌀국수', ja: 'フォー' };

describe.each(BACKENDS)('content in six languages on %s', (backend) => {
  let s: TestStack;
  beforeAll(async () => {
    s = await startTestStack(backend);
  });
  afterAll(async () => {
    await s?.stop();
  });

  it('a moderator saves a place, its offer and the welcome text in zh, ko and ja; another language is refused', async () => {
    const result = await asPersona(s.db, 'moderatorA', async (tx) => ({
      place: await outcome(
        tx,
        `update public.activities set title = $1, description = $1, guest_offer = $1
         where customer_id = $2 and slug = 'miu-miu-spa' returning title ->> 'ko'`,
        [SIX, HOTEL_A],
      ),
      welcome: await outcome(tx, `update public.customers set welcome = $1 where id = $2 returning welcome ->> 'ja'`, [
        SIX,
        HOTEL_A,
      ]),
      german: await outcome(
        tx,
        `update public.activities set description = $1 where customer_id = $2 and slug = 'miu-miu-spa' returning 1`,
        [{ ...SIX, de: 'Pho' }, HOTEL_A],
      ),
      tooLong: await outcome(
        tx,
        `update public.activities set title = $1 where customer_id = $2 and slug = 'miu-miu-spa' returning 1`,
        [{ en: 'Pho', zh: '河'.repeat(121) }, HOTEL_A],
      ),
    }));
    expect(result).toEqual({
      place: { ok: '쌀국수' },
      welcome: { ok: 'フォー' },
      german: { code: '23514' },
      tooLong: { code: '23514' },
    });
  });

  it('every place of Ho Chi Minh City and Saigon Riverside Hotel has its title, description and offer in all six, and both welcome texts', async () => {
    const { rows } = await s.db.query<{ customer_id: string; places: number; complete: number; offers: number }>(
      `select customer_id, count(*)::int as places,
              count(*) filter (where title ?& $1 and description ?& $1
                                 and not exists (select 1 from jsonb_each_text(title) t where btrim(t.value) = '')
                                 and not exists (select 1 from jsonb_each_text(description) d where btrim(d.value) = ''))::int as complete,
              count(*) filter (where guest_offer ?& $1)::int as offers
       from public.activities where customer_id in ('ho-chi-minh-city', $2) group by customer_id order by customer_id`,
      [['en', 'vi', 'fr', 'zh', 'ko', 'ja'], HOTEL_A],
    );
    expect(rows).toEqual([
      { customer_id: 'ho-chi-minh-city', places: 74, complete: 74, offers: 0 },
      { customer_id: HOTEL_A, places: 25, complete: 25, offers: 7 },
    ]);
    const welcome = await s.db.query<{ id: string }>(
      `select id from public.customers where id in ('ho-chi-minh-city', $2) and welcome ?& $1 order by id`,
      [['en', 'vi', 'fr', 'zh', 'ko', 'ja'], HOTEL_A],
    );
    expect(welcome.rows.map((r) => r.id)).toEqual(['ho-chi-minh-city', HOTEL_A]);
  });
});
