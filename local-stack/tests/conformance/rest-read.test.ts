// REST reads as postgrest-js sends them: select syntax, embeds, filters, ordering, paging, counts,
// media types and read errors, on PGlite and on a PostgreSQL server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestStack, stopPgServer } from '../../testing/stack.ts';
import { FIXTURE_SQL, type RestEnv } from './rest-helpers.ts';
import { signJwt } from '../../src/jwt.ts';

afterAll(stopPgServer);

describe.each(BACKENDS)('REST reads on %s', (backend) => {
  let env: RestEnv;
  beforeAll(async () => {
    // max_rows = 4 so the cap is observable on the 5 fixture rooms
    const stack = await startTestStack(backend, { seed: false, configure: (c) => (c.api.maxRows = 4) });
    await stack.db.exec(FIXTURE_SQL);
    const rest = `${stack.apiUrl}/rest/v1`;
    env = {
      stack,
      rest,
      sign: (c) => signJwt(c, stack.config.auth.jwtSecret),
      user: () => Promise.reject(new Error('unused')),
      withToken: () => {
        throw new Error('unused');
      },
      http: (p, init = {}) =>
        fetch(`${rest}${p}`, { ...init, headers: { apikey: stack.config.auth.anonKey, ...(init.headers ?? {}) } }),
    };
  });
  afterAll(async () => {
    await env?.stack.stop();
  });

  it('selects columns with aliases and casts, encoding values exactly as Postgres json does', async () => {
    const { data, error, status } = await env.stack
      .anon()
      .from('fx_hotels')
      .select('id,label:name,stars::text,rating,opened_at')
      .eq('id', 1);
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toEqual([
      { id: 1, label: 'Lotus Saigon', stars: '5', rating: 9.1, opened_at: '2020-01-02T03:04:05.123456+00:00' },
    ]);
    const raw = await env.http('/fx_hotels?select=big,rating,tags,stay&id=eq.1');
    expect(await raw.text()).toBe('[{"big":9007199254740993,"rating":9.1,"tags":["pool","spa"],"stay":"[1,10)"}]');
    expect(raw.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(raw.headers.get('content-range')).toBe('0-0/*');
  });

  it('reads JSON paths, naming the output after the last key', async () => {
    const { data } = await env.stack
      .anon()
      .from('fx_hotels')
      .select('id, meta->address->>city, floors:meta->floors, meta->address->zip')
      .eq('id', 1);
    expect(data).toEqual([{ id: 1, city: 'Saigon', floors: 12, zip: '70000' }]);
    const f = await env.stack.anon().from('fx_hotels').select('id').eq('meta->address->>city', 'Hanoi');
    expect(f.data).toEqual([{ id: 2 }]);
  });

  it('embeds many-to-one as an object (or null), one-to-many as an array, many-to-many through the junction', async () => {
    const { data, error } = await env.stack
      .anon()
      .from('fx_hotels')
      .select('id, country:fx_countries(name), fx_rooms(number), fx_features(label)')
      .in('id', [1, 3])
      .order('id')
      .order('number', { referencedTable: 'fx_rooms' })
      .order('label', { referencedTable: 'fx_features', ascending: false });
    expect(error).toBeNull();
    expect(data).toEqual([
      {
        id: 1,
        country: { name: 'Vietnam' },
        fx_rooms: [{ number: '101' }, { number: '102' }, { number: '201' }],
        fx_features: [{ label: 'Gym' }, { label: 'Breakfast' }],
      },
      { id: 3, country: { name: 'France' }, fx_rooms: [{ number: '1' }], fx_features: [] },
    ]);
    const back = await env.stack
      .anon()
      .from('fx_rooms')
      .select('number, fx_hotels(name, fx_countries(code))')
      .eq('number', 'A');
    expect(back.data).toEqual([
      { number: 'A', fx_hotels: { name: 'Hanoi Old Quarter', fx_countries: { code: 'VN' } } },
    ]);
    // RLS applies inside embeds too: the unpublished hotel is not visible through its country
    const jp = await env.stack.anon().from('fx_countries').select('code, fx_hotels(id)').eq('code', 'JP');
    expect(jp.data).toEqual([{ code: 'JP', fx_hotels: [{ id: 5 }] }]);
  });

  it('embeds through views whose columns keep the base table names (foreign keys carried over)', async () => {
    const sb = env.stack.anon();
    const cards = await sb.from('fx_hotel_cards').select('name, fx_countries(name), fx_rooms(number)').eq('id', 2);
    expect(cards.data).toEqual([
      { name: 'Hanoi Old Quarter', fx_countries: { name: 'Vietnam' }, fx_rooms: [{ number: 'A' }] },
    ]);
    const back = await sb.from('fx_countries').select('code, fx_hotel_cards(id)').eq('code', 'FR');
    expect(back.data).toEqual([{ code: 'FR', fx_hotel_cards: [{ id: 3 }] }]);
  });

  it('disambiguates with !hint, and answers 300 PGRST201 / 400 PGRST200 otherwise', async () => {
    const sb = env.stack.anon();
    const ok = await sb
      .from('fx_messages')
      .select('id, sender:fx_people!sender_id(name), receiver:fx_people!fx_messages_receiver_id_fkey(name)')
      .order('id');
    expect(ok.data).toEqual([
      { id: 1, sender: { name: 'An' }, receiver: { name: 'Binh' } },
      { id: 2, sender: { name: 'Binh' }, receiver: { name: 'An' } },
    ]);
    const amb = await sb.from('fx_messages').select('id, fx_people(name)');
    expect(amb.status).toBe(300);
    expect(amb.error?.code).toBe('PGRST201');
    expect(amb.error?.details).toHaveLength(2);
    expect(amb.error?.hint).toContain("'fx_people!fx_messages_sender_id_fkey'");
    const none = await sb.from('fx_hotels').select('id, fx_people(name)');
    expect(none.status).toBe(400);
    expect(none.error).toMatchObject({
      code: 'PGRST200',
      message: "Could not find a relationship between 'fx_hotels' and 'fx_people' in the schema cache",
    });
  });

  it('filters, orders and limits embedded resources, and !inner filters the parents', async () => {
    const sb = env.stack.anon();
    const left = await sb
      .from('fx_hotels')
      .select('id, fx_rooms(number)')
      .eq('fx_rooms.floor', 2)
      .in('id', [1, 2])
      .order('id');
    expect(left.data).toEqual([
      { id: 1, fx_rooms: [{ number: '201' }] },
      { id: 2, fx_rooms: [] },
    ]);
    const inner = await sb.from('fx_hotels').select('id, fx_rooms!inner(number)').eq('fx_rooms.floor', 2);
    expect(inner.data).toEqual([{ id: 1, fx_rooms: [{ number: '201' }] }]);
    const lim = await sb
      .from('fx_hotels')
      .select('id, fx_rooms(number)')
      .eq('id', 1)
      .order('number', { referencedTable: 'fx_rooms', ascending: false })
      .limit(2, { referencedTable: 'fx_rooms' });
    expect(lim.data).toEqual([{ id: 1, fx_rooms: [{ number: '201' }, { number: '102' }] }]);
    const notNull = await sb.from('fx_hotels').select('id, fx_features()').not('fx_features', 'is', null).order('id');
    expect(notNull.data).toEqual([{ id: 1 }, { id: 2 }]);
    const bad = await env.http('/fx_hotels?select=id&fx_rooms.floor=eq.1');
    expect(bad.status).toBe(400);
    expect((await bad.json()).code).toBe('PGRST108');
  });

  it('applies comparison, pattern, is and in filters, negated too', async () => {
    const ids = async (q: string) => {
      const r = await env.http(`/fx_hotels?select=id&order=id${q}`);
      expect(r.status).toBe(200);
      return ((await r.json()) as { id: number }[]).map((x) => x.id);
    };
    expect(await ids('&stars=eq.3')).toEqual([2]);
    expect(await ids('&stars=neq.3')).toEqual([1, 3]);
    expect(await ids('&stars=gt.3')).toEqual([1, 3]);
    expect(await ids('&stars=gte.3&stars=lt.5')).toEqual([2, 3]);
    expect(await ids('&stars=lte.3')).toEqual([2]);
    expect(await ids('&name=like.*Saigon')).toEqual([1]);
    expect(await ids('&name=ilike.*GARDEN*')).toEqual([5]);
    expect(await ids('&name=not.like.*Garden*')).toEqual([1, 2, 3]);
    expect(await ids('&rating=is.null')).toEqual([3]);
    expect(await ids('&stars=not.is.null')).toEqual([1, 2, 3]);
    expect(await ids('&published=is.true')).toEqual([1, 2, 3, 5]);
    expect(await ids('&name=in.(Paris+Nord,"Kyoto Garden, \\"Annex\\"")')).toEqual([3, 5]);
    expect(await ids('&id=not.in.(1,2)')).toEqual([3, 5]);
    expect(await ids('&name=eq.Hanoi+Old+Quarter')).toEqual([2]);
    expect(await ids('&name=like(any).{*Nord,*Quarter}')).toEqual([2, 3]);
    const js = await env.stack
      .anon()
      .from('fx_hotels')
      .select('id')
      .in('name', ['Paris Nord', 'Kyoto Garden, "Annex"'])
      .order('id');
    expect(js.data).toEqual([{ id: 3 }, { id: 5 }]);
  });

  it('filters arrays and ranges with cs, cd and ov', async () => {
    const sb = env.stack.anon();
    expect((await sb.from('fx_hotels').select('id').contains('tags', ['spa']).order('id')).data).toEqual([
      { id: 1 },
      { id: 3 },
    ]);
    expect(
      (await sb.from('fx_hotels').select('id').containedBy('tags', ['wifi', 'spa', 'garden']).order('id')).data,
    ).toEqual([{ id: 2 }, { id: 3 }, { id: 5 }]);
    expect((await sb.from('fx_hotels').select('id').overlaps('tags', ['garden', 'pool']).order('id')).data).toEqual([
      { id: 1 },
      { id: 5 },
    ]);
    expect((await sb.from('fx_hotels').select('id').contains('stay', '[6,8)').order('id')).data).toEqual([
      { id: 1 },
      { id: 2 },
    ]);
    expect((await sb.from('fx_hotels').select('id').overlaps('stay', '[15,30)')).data).toEqual([{ id: 2 }]);
    expect(
      (
        await sb
          .from('fx_hotels')
          .select('id')
          .contains('meta', { address: { city: 'Kyoto' } })
      ).data,
    ).toEqual([{ id: 5 }]);
  });

  it('runs full-text search in its four flavours, with a config', async () => {
    const sb = env.stack.anon();
    const q = (query: string, type?: 'plain' | 'phrase' | 'websearch') =>
      sb.from('fx_hotels').select('id').textSearch('fts', query, { config: 'english', type }).order('id');
    expect((await q('quiet & garden')).data).toEqual([{ id: 1 }, { id: 5 }]);
    expect((await q('rooftop pool', 'plain')).data).toEqual([{ id: 1 }]);
    expect((await q('old quarter', 'phrase')).data).toEqual([{ id: 2 }]);
    expect((await q('quiet -rooftop', 'websearch')).data).toEqual([{ id: 5 }]);
    // a text column is converted with to_tsvector
    expect((await sb.from('fx_hotels').select('id').textSearch('description', 'station')).data).toEqual([{ id: 3 }]);
  });

  it('combines filters with or/and trees, nested and negated', async () => {
    const sb = env.stack.anon();
    expect(
      (await sb.from('fx_hotels').select('id').or('stars.eq.3,and(stars.gt.4,rating.gte.9)').order('id')).data,
    ).toEqual([{ id: 1 }, { id: 2 }]);
    expect(
      (await sb.from('fx_hotels').select('id').or('name.eq."Kyoto Garden, \\"Annex\\"",id.in.(2,3)').order('id')).data,
    ).toEqual([{ id: 2 }, { id: 3 }, { id: 5 }]);
    const notOr = await env.http('/fx_hotels?select=id&not.or=(stars.eq.5,rating.is.null)&order=id');
    // hotel 5 has no stars: null = 5 is unknown, so not(...) is unknown too and the row is left out
    expect(await notOr.json()).toEqual([{ id: 2 }]);
    const and = await env.http('/fx_hotels?select=id&and=(stars.gte.3,or(rating.lt.8,rating.is.null))&order=id');
    expect(await and.json()).toEqual([{ id: 2 }, { id: 3 }]);
  });

  it('orders with nulls first/last, pages with limit/offset and caps at max_rows', async () => {
    const sb = env.stack.anon();
    expect(
      (await sb.from('fx_hotels').select('id').order('rating', { ascending: false, nullsFirst: false })).data,
    ).toEqual([{ id: 1 }, { id: 5 }, { id: 2 }, { id: 3 }]);
    expect(
      (await sb.from('fx_hotels').select('id').order('stars', { ascending: true, nullsFirst: true }).order('id')).data,
    ).toEqual([{ id: 5 }, { id: 2 }, { id: 3 }, { id: 1 }]);
    const page = await env.http('/fx_hotels?select=id&order=id&limit=2&offset=1');
    expect(await page.json()).toEqual([{ id: 2 }, { id: 3 }]);
    expect(page.headers.get('content-range')).toBe('1-2/*');
    const capped = await sb.from('fx_rooms').select('id', { count: 'exact' });
    expect(capped.data).toHaveLength(4);
    expect(capped.count).toBe(5);
    expect(capped.status).toBe(206);
  });

  it('counts exactly with Content-Range, 206 for partial pages, */0 when empty, HEAD without a body', async () => {
    const r = await env.http('/fx_hotels?select=id&order=id&limit=2', { headers: { Prefer: 'count=exact' } });
    expect(r.status).toBe(206);
    expect(r.headers.get('content-range')).toBe('0-1/4');
    expect(r.headers.get('preference-applied')).toBe('count=exact');
    // (count=planned gives the planner's estimate, as PostgREST: rest-postgrest.test.ts)
    const all = await env.http('/fx_hotels?select=id', { headers: { Prefer: 'count=exact' } });
    expect(all.status).toBe(200);
    expect(all.headers.get('content-range')).toBe('0-3/4');
    const empty = await env.http('/fx_hotels?select=id&id=eq.999', { headers: { Prefer: 'count=exact' } });
    expect(empty.status).toBe(200);
    expect(empty.headers.get('content-range')).toBe('*/0');
    const head = await env.stack.anon().from('fx_hotels').select('*', { count: 'exact', head: true }).gt('stars', 2);
    expect(head).toMatchObject({ count: 3, data: null, error: null });
    const past = await env.http('/fx_hotels?select=id&offset=10', { headers: { Prefer: 'count=exact' } });
    expect(past.status).toBe(416);
    expect((await past.json()).code).toBe('PGRST103');
  });

  it('returns one object for vnd.pgrst.object+json and 406 PGRST116 for 0 or 2+ rows', async () => {
    const sb = env.stack.anon();
    const one = await sb.from('fx_hotels').select('id,name').eq('id', 2).single();
    expect(one).toMatchObject({ status: 200, data: { id: 2, name: 'Hanoi Old Quarter' } });
    const none = await sb.from('fx_hotels').select('id').eq('id', 4).single();
    expect(none.status).toBe(406);
    expect(none.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 0 rows' });
    const many = await sb.from('fx_hotels').select('id').single();
    expect(many.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 4 rows' });
    const maybe = await sb.from('fx_hotels').select('id').eq('id', 4).maybeSingle();
    expect(maybe).toMatchObject({ data: null, error: null });
  });

  it('answers text/csv and strips nulls on request', async () => {
    const csv = await env.stack.anon().from('fx_hotels').select('id,name,rating').in('id', [3, 5]).order('id').csv();
    // as PostgREST writes CSV (Postgres record text): a value with a space is quoted too
    expect(csv.data).toBe('id,name,rating\n3,"Paris Nord",\n5,"Kyoto Garden, ""Annex""",8.0');
    const stripped = await env.http('/fx_hotels?select=id,rating&id=eq.3', {
      headers: { Accept: 'application/vnd.pgrst.array+json;nulls=stripped' },
    });
    expect(await stripped.text()).toBe('[{"id":3}]');
    const bad = await env.http('/fx_hotels', { headers: { Accept: 'application/xml' } });
    expect(bad.status).toBe(406);
    expect((await bad.json()).code).toBe('PGRST107');
  });

  it('applies RLS per role: anon sees published hotels, the service role sees all', async () => {
    const anon = await env.stack.anon().from('fx_hotels').select('id').order('id');
    expect(anon.data?.map((x) => x.id)).toEqual([1, 2, 3, 5]);
    const svc = await env.stack.service().from('fx_hotels').select('id').order('id');
    expect(svc.data?.map((x) => x.id)).toEqual([1, 2, 3, 4]);
  });

  it('reports unknown tables (404 PGRST205 with a hint), unknown columns (400 42703) and bad queries (400 PGRST100)', async () => {
    const sb = env.stack.anon();
    const t = await sb.from('fx_hotel').select();
    expect(t.status).toBe(404);
    expect(t.error).toMatchObject({
      code: 'PGRST205',
      message: "Could not find the table 'public.fx_hotel' in the schema cache",
      hint: "Perhaps you meant the table 'public.fx_hotels'",
    });
    const c = await sb.from('fx_hotels').select('id,nope');
    expect(c.status).toBe(400);
    expect(c.error?.code).toBe('42703');
    for (const q of [
      'select=id,(',
      'id=eqq.1',
      'id=in.1,2',
      'order=id.sideways.x',
      'limit=-1',
      'or=(id.eq.1',
      'stars=is.maybe',
    ]) {
      const r = await env.http(`/fx_hotels?${q}`);
      expect([r.status, q]).toEqual([400, q]);
      expect((await r.json()).code).toBe('PGRST100');
    }
    const typ = await env.http('/fx_hotels?stars=eq.many');
    expect(typ.status).toBe(400);
    expect((await typ.json()).code).toBe('22P02');
  });

  it('accepts only exposed schemas in Accept-Profile (406 PGRST106) and echoes Content-Profile', async () => {
    const ok = await env.http('/fx_countries?select=code&limit=1', { headers: { 'Accept-Profile': 'public' } });
    expect(ok.headers.get('content-profile')).toBe('public');
    const bad = await env.http('/fx_countries', { headers: { 'Accept-Profile': 'auth' } });
    expect(bad.status).toBe(406);
    expect(await bad.json()).toMatchObject({ code: 'PGRST106', message: 'Invalid schema: auth' });
  });
});
