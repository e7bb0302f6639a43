// REST writes as postgrest-js sends them: insert (one, bulk with ?columns, missing=default), upsert,
// update, delete, Prefer handling, RLS for signed-in users and the SQLSTATE → status mapping.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, stopPgServer } from '../../testing/stack.ts';
import { startRestEnv, type RestEnv } from './rest-helpers.ts';

afterAll(stopPgServer);

describe.each(BACKENDS)('REST writes on %s', (backend) => {
  let env: RestEnv;
  beforeAll(async () => {
    env = await startRestEnv(backend);
  });
  afterAll(async () => {
    await env?.stack.stop();
  });

  it('inserts one row: 201 without a body by default, the row with return=representation', async () => {
    const svc = env.stack.service();
    const minimal = await svc.from('fx_countries').insert({ code: 'DE', name: 'Germany' });
    expect(minimal).toMatchObject({ status: 201, data: null, error: null });
    const repr = await svc.from('fx_countries').insert({ code: 'IT', name: 'Italy' }).select();
    expect(repr).toMatchObject({ status: 201, data: [{ code: 'IT', name: 'Italy' }] });
    const one = await svc.from('fx_countries').insert({ code: 'ES', name: 'Spain' }).select('name').single();
    expect(one.data).toEqual({ name: 'Spain' });
    const raw = await env.http('/fx_countries', {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${env.stack.config.auth.serviceRoleKey}`,
        'Content-Type': 'application/json',
        Prefer: 'return=representation, count=exact',
      },
      body: JSON.stringify({ code: 'PT', name: 'Portugal' }),
    });
    expect(raw.status).toBe(201);
    expect(raw.headers.get('content-range')).toBe('*/1');
    expect(raw.headers.get('preference-applied')).toBe('return=representation, count=exact');
    expect(await raw.text()).toBe('[{"code":"PT","name":"Portugal"}]');
  });

  it('bulk-inserts with ?columns=, using column defaults for missing keys (missing=default)', async () => {
    const svc = env.stack.service();
    const { data, error, status } = await svc
      .from('fx_hotels')
      .insert(
        [
          { name: 'Bulk A', stars: 2 },
          { name: 'Bulk B', tags: ['x'] },
        ],
        { defaultToNull: false },
      )
      .select('name, stars, tags, published');
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toEqual([
      { name: 'Bulk A', stars: 2, tags: [], published: true },
      { name: 'Bulk B', stars: null, tags: ['x'], published: true },
    ]);
    // without missing=default (postgrest-js's default), absent keys are inserted as null
    const nulls = await svc
      .from('fx_hotels')
      .insert([
        { name: 'Bulk C', stars: 1 },
        { name: 'Bulk D', description: 'd' },
      ])
      .select('name, stars, description');
    expect(nulls.data).toEqual([
      { name: 'Bulk C', stars: 1, description: null },
      { name: 'Bulk D', stars: null, description: 'd' },
    ]);
    // with missing=default, a row that has none of the listed columns takes every default
    const defaults = await svc
      .from('fx_log')
      .insert([{ what: 'kept' }, {}], { defaultToNull: false })
      .select('what');
    expect(defaults.error?.code).toBe('23502');
    const allDefault = await env.http('/fx_hotel_features?columns=hotel_id', {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${env.stack.config.auth.serviceRoleKey}`,
        'Content-Type': 'application/json',
        Prefer: 'missing=default',
      },
      body: JSON.stringify([{ other: 1 }]),
    });
    expect(allDefault.status).toBe(400);
    expect((await allDefault.json()).code).toBe('23502');
    const mismatch = await env.http('/fx_countries', {
      method: 'POST',
      headers: { Authorization: `Bearer ${env.stack.config.auth.serviceRoleKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify([{ code: 'A1', name: 'a' }, { code: 'A2' }]),
    });
    expect(mismatch.status).toBe(400);
    expect(await mismatch.json()).toMatchObject({ code: 'PGRST102', message: 'All object keys must match' });
  });

  it('upserts with merge-duplicates and ignore-duplicates, on the primary key or on_conflict', async () => {
    const svc = env.stack.service();
    await svc.from('fx_countries').insert({ code: 'NL', name: 'Holland' });
    const merged = await svc.from('fx_countries').upsert({ code: 'NL', name: 'Netherlands' }).select();
    expect(merged.data).toEqual([{ code: 'NL', name: 'Netherlands' }]);
    const ignored = await svc
      .from('fx_countries')
      .upsert(
        [
          { code: 'NL', name: 'Nope' },
          { code: 'BE', name: 'Belgium' },
        ],
        { ignoreDuplicates: true },
      )
      .select();
    expect(ignored.data).toEqual([{ code: 'BE', name: 'Belgium' }]);
    const byName = await svc
      .from('fx_hotels')
      .upsert({ name: 'Paris Nord', stars: 5 }, { onConflict: 'name' })
      .select('id, stars');
    expect(byName.data).toEqual([{ id: 3, stars: 5 }]);
    const raw = await env.http('/fx_countries?on_conflict=code', {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${env.stack.config.auth.serviceRoleKey}`,
        'Content-Type': 'application/json',
        Prefer: 'resolution=merge-duplicates',
      },
      body: JSON.stringify({ code: 'BE', name: 'België' }),
    });
    // BE exists: the upsert only merged, which PostgREST answers with 200 (201 when it inserts)
    expect(raw.status).toBe(200);
    expect(raw.headers.get('preference-applied')).toBe('resolution=merge-duplicates');
    const check = await svc.from('fx_countries').select('name').eq('code', 'BE').single();
    expect(check.data).toEqual({ name: 'België' });
  });

  it('updates with filters: 204 by default, 200 with the rows, Content-Range 0-n/total', async () => {
    const svc = env.stack.service();
    const none = await svc.from('fx_rooms').update({ floor: 9 }).eq('number', '101');
    expect(none).toMatchObject({ status: 204, data: null, error: null });
    const rows = await svc
      .from('fx_rooms')
      .update({ floor: 3 }, { count: 'exact' })
      .eq('hotel_id', 1)
      .gte('floor', 2)
      .select('number, floor')
      .order('number');
    expect(rows.status).toBe(200);
    expect(rows.count).toBe(2);
    expect(rows.data).toEqual([
      { number: '101', floor: 3 },
      { number: '201', floor: 3 },
    ]);
    const raw = await env.http('/fx_rooms?hotel_id=eq.1', {
      method: 'PATCH',
      headers: {
        Authorization: `Bearer ${env.stack.config.auth.serviceRoleKey}`,
        'Content-Type': 'application/json',
        Prefer: 'count=exact',
      },
      body: JSON.stringify({ floor: 1 }),
    });
    expect(raw.status).toBe(204);
    expect(raw.headers.get('content-range')).toBe('0-2/3');
    const unknown = await svc.from('fx_rooms').update({ flor: 1 }).eq('id', 1);
    expect(unknown.status).toBe(400);
    expect(unknown.error).toMatchObject({
      code: 'PGRST204',
      message: "Could not find the 'flor' column of 'fx_rooms' in the schema cache",
    });
  });

  it('deletes with filters, returning the deleted rows on request', async () => {
    const svc = env.stack.service();
    await svc.from('fx_features').insert([
      { id: 10, label: 'Sauna' },
      { id: 11, label: 'Bar' },
    ]);
    const del = await svc.from('fx_features').delete().in('id', [10, 11]).select('label').order('id');
    expect(del).toMatchObject({ status: 200, data: [{ label: 'Sauna' }, { label: 'Bar' }] });
    const again = await svc.from('fx_features').delete({ count: 'exact' }).eq('id', 10);
    expect(again).toMatchObject({ status: 204, count: 0 });
  });

  it('keeps writes in one transaction: a failed single-object check rolls the update back', async () => {
    const svc = env.stack.service();
    const res = await svc.from('fx_people').update({ name: 'Changed' }).in('id', [1, 2]).select().single();
    expect(res.status).toBe(406);
    expect(res.error?.code).toBe('PGRST116');
    const after = await svc.from('fx_people').select('name').order('id');
    expect(after.data).toEqual([{ name: 'An' }, { name: 'Binh' }]);
  });

  it('lets a signed-in user write only their own rows (RLS), 401 for anon and 403 for others', async () => {
    const alice = await env.user('alice@example.com');
    const bob = await env.user('bob@example.com');
    const ins = await alice.client.from('fx_notes').insert({ title: 'Alice note' }).select('title, owner_id').single();
    expect(ins.data).toEqual({ title: 'Alice note', owner_id: alice.id });
    const seenByBob = await bob.client.from('fx_notes').select('title');
    expect(seenByBob.data).toEqual([]);
    const forged = await bob.client.from('fx_notes').insert({ title: 'Forged', owner_id: alice.id });
    expect(forged.status).toBe(403);
    expect(forged.error?.code).toBe('42501');
    const anon = await env.stack.anon().from('fx_notes').insert({ title: 'anon', owner_id: alice.id });
    expect(anon.status).toBe(401);
    expect(anon.error?.code).toBe('42501');
    const bobUpdate = await bob.client.from('fx_notes').update({ title: 'hacked' }).eq('title', 'Alice note').select();
    expect(bobUpdate.data).toEqual([]);
    const aliceSees = await alice.client.from('fx_notes').select('title');
    expect(aliceSees.data).toEqual([{ title: 'Alice note' }]);
    const aliceDel = await alice.client.from('fx_notes').delete().eq('title', 'Alice note').select('title');
    expect(aliceDel.data).toEqual([{ title: 'Alice note' }]);
  });

  it('maps constraint errors: 23505/23503 → 409, 23502/23514/22P02 → 400, with details', async () => {
    const svc = env.stack.service();
    const dup = await svc.from('fx_countries').insert({ code: 'VN', name: 'again' });
    expect(dup.status).toBe(409);
    expect(dup.error).toMatchObject({ code: '23505', details: 'Key (code)=(VN) already exists.' });
    const fk = await svc.from('fx_rooms').insert({ hotel_id: 999, number: 'x' });
    expect(fk.status).toBe(409);
    expect(fk.error?.code).toBe('23503');
    const notNull = await svc.from('fx_rooms').insert({ hotel_id: 1 });
    expect([notNull.status, notNull.error?.code]).toEqual([400, '23502']);
    const alice = await env.user('carol@example.com');
    const check = await alice.client.from('fx_notes').insert({ title: '' });
    expect([check.status, check.error?.code]).toEqual([400, '23514']);
    const bad = await svc.from('fx_rooms').insert({ hotel_id: 'one', number: 'x' });
    expect([bad.status, bad.error?.code]).toEqual([400, '22P02']);
  });

  it('rejects bad bodies with 400 PGRST102', async () => {
    for (const body of ['{"code": ', '', '42', '[1,2]', 'null']) {
      const r = await env.http('/fx_countries', {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${env.stack.config.auth.serviceRoleKey}`,
          'Content-Type': 'application/json',
        },
        body,
      });
      expect([r.status, body]).toEqual([400, body]);
      expect((await r.json()).code).toBe('PGRST102');
    }
  });
});
