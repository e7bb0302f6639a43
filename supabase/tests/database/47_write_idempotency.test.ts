// Writes in flight (issue 32): a write whose answer was lost is checked by sending it again with the
// same key, so the same key must give one effect, sent twice or sent at once from many connections.
// Contact messages (request_id, migration 20261126100200) through the real REST path on both backends;
// the concurrency on a PostgreSQL server with separate connections (PGlite serialises everything).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { impersonate, race } from '@guestmap/local-stack/testing/race.ts';
import { BACKENDS, startTestStack, stopPgServer, type TestStack } from '@guestmap/local-stack/testing/stack.ts';
import { HOTEL_A, claimsFor } from './support.ts';

afterAll(stopPgServer);

const uuid = () => crypto.randomUUID();
const message = (email: string, requestId: string) => ({
  name: 'Anna',
  email,
  message: 'Hello from a bad connection',
  request_id: requestId,
});

describe.each(BACKENDS)('contact messages sent again with the same request id on %s', (backend) => {
  let s: TestStack;
  beforeAll(async () => {
    s = await startTestStack(backend);
  });
  afterAll(async () => {
    await s?.stop();
  });
  const stored = async (email: string) => {
    const { rows } = await s.db.query<{ n: number }>(
      'select count(*)::int as n from public.contact_messages where email = $1',
      [email],
    );
    return rows[0]!.n;
  };

  it('a message sent twice with one request id is stored once; the repeat answers already_received', async () => {
    const email = `twice-${uuid()}@example.com`;
    const id = uuid();
    const first = await s.anon().from('contact_messages').insert(message(email, id));
    expect(first.error).toBeNull();
    const again = await s.anon().from('contact_messages').insert(message(email, id));
    expect({ code: again.error?.code, details: again.error?.details, status: again.status }).toEqual({
      code: 'P0001',
      details: 'already_received',
      status: 400,
    });
    expect(await stored(email)).toBe(1);
    // Another message (another id) is another message.
    expect((await s.anon().from('contact_messages').insert(message(email, uuid()))).error).toBeNull();
    expect(await stored(email)).toBe(2);
  });

  it('a repeat is answered already_received even at the sending limit, and is not counted', async () => {
    const email = `limit-${uuid()}@example.com`;
    const ids = Array.from({ length: 5 }, uuid);
    for (const id of ids) expect((await s.anon().from('contact_messages').insert(message(email, id))).error).toBeNull();
    // The limit is reached (5 an hour per address): a new message is refused...
    expect((await s.anon().from('contact_messages').insert(message(email, uuid()))).error?.details).toBe(
      'rate_limited',
    );
    // ...but the check of one already sent says it arrived.
    expect((await s.anon().from('contact_messages').insert(message(email, ids[2]!))).error?.details).toBe(
      'already_received',
    );
    expect(await stored(email)).toBe(5);
  });
});

describe.each(BACKENDS)('a wrong voucher PIN checked again with its key on %s', (backend) => {
  let s: TestStack;
  beforeAll(async () => {
    s = await startTestStack(backend);
  });
  afterAll(async () => {
    await s?.stop();
  });

  it('is answered as before and counted once; another attempt counts', async () => {
    const spa = (
      await s.db.query<{ id: string }>(
        `select extensions.uuid_generate_v5(extensions.uuid_ns_url(), $1 || '/miu-miu-spa') as id`,
        [HOTEL_A],
      )
    ).rows[0]!.id;
    await s.db.query(
      `insert into public.partner_pins (activity_id, pin_hash, pin_length) values ($1, extensions.crypt('246813', extensions.gen_salt('bf', 4)), 6)
       on conflict (activity_id) do update set pin_hash = excluded.pin_hash, pin_length = excluded.pin_length`,
      [spa],
    );
    await s.db.query('delete from private.partner_pin_failures where activity_id = $1', [spa]);
    await s.db.query(
      `insert into public.vouchers (code, user_id, customer_id, activity_id, discount_pct, expires_at)
       values ('WRNGPN2345', '00000000-0000-4000-a000-000000000003', $1, $2, 10, now() + interval '1 day')`,
      [HOTEL_A, spa],
    );
    const redeem = async (pin: string, key: string) => {
      const { data, error } = await s.anon().rpc('redeem_voucher', {
        p_code: 'WRNGPN2345',
        p_pin: pin,
        p_amount_minor: 100000,
        p_currency: 'VND',
        p_idempotency_key: key,
      });
      if (error) throw error;
      return data as { ok: boolean; attempts_left?: number };
    };
    const failures = async () =>
      (
        await s.db.query<{ n: number }>(
          'select count(*)::int as n from private.partner_pin_failures where activity_id = $1',
          [spa],
        )
      ).rows[0]!.n;
    expect(await redeem('111111', 'till-a')).toEqual({ ok: false, details: 'wrong_pin', attempts_left: 4 });
    // The check of that attempt (its answer was lost): the same answer, not a second failure.
    expect(await redeem('111111', 'till-a')).toEqual({ ok: false, details: 'wrong_pin', attempts_left: 4 });
    expect(await redeem('111111', 'till-a')).toEqual({ ok: false, details: 'wrong_pin', attempts_left: 4 });
    expect(await failures()).toBe(1);
    // A new attempt (a new key) is counted.
    expect(await redeem('222222', 'till-b')).toEqual({ ok: false, details: 'wrong_pin', attempts_left: 3 });
    expect(await failures()).toBe(2);
    // The right PIN still redeems.
    expect((await redeem('246813', 'till-c')).ok).toBe(true);
  });
});

describe('the same key sent at once from 20 connections on postgres', () => {
  let s: TestStack;
  beforeAll(async () => {
    s = await startTestStack('postgres');
  });
  afterAll(async () => {
    await s?.stop();
  });
  const asAnon = impersonate({
    role: 'anon',
    'request.jwt.claims': JSON.stringify(claimsFor('anon')),
    'request.headers': JSON.stringify({ 'x-forwarded-for': '203.0.113.7' }),
  });

  it('a contact message: one row; every other copy answers already_received (or the unique index)', async () => {
    const email = `race-${uuid()}@example.com`;
    const id = uuid();
    const results = await race(
      s.dbUrl!,
      Array.from({ length: 20 }, () => ({
        prepare: asAnon,
        sql: `insert into public.contact_messages (name, email, message, request_id) values ('Anna', $1, 'Hi', $2) returning true`,
        params: [email, id],
      })),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    for (const r of results.filter((x) => !x.ok))
      expect(['already_received', '23505']).toContain(r.detail === 'already_received' ? r.detail : r.code);
    const { rows } = await s.db.query('select count(*)::int as n from public.contact_messages where request_id = $1', [
      id,
    ]);
    expect(rows).toEqual([{ n: 1 }]);
  });

  it('a voucher redemption: every call answers the one transaction', async () => {
    const spa = (
      await s.db.query<{ id: string }>(
        `select extensions.uuid_generate_v5(extensions.uuid_ns_url(), $1 || '/miu-miu-spa') as id`,
        [HOTEL_A],
      )
    ).rows[0]!.id;
    await s.db.query(
      `insert into public.partner_pins (activity_id, pin_hash, pin_length) values ($1, extensions.crypt('246813', extensions.gen_salt('bf', 4)), 6)
       on conflict (activity_id) do update set pin_hash = excluded.pin_hash, pin_length = excluded.pin_length`,
      [spa],
    );
    const { code } = (
      await s.db.query<{ code: string }>(
        `insert into public.vouchers (code, user_id, customer_id, activity_id, discount_pct, expires_at)
         values ('SAMEK2345K', '00000000-0000-4000-a000-000000000003', $1, $2, 10, now() + interval '1 day') returning code`,
        [HOTEL_A, spa],
      )
    ).rows[0]!;
    const results = await race<{ ok: boolean; transaction_id: string }>(
      s.dbUrl!,
      Array.from({ length: 20 }, () => ({
        prepare: asAnon,
        sql: `select public.redeem_voucher($1, '246813', 50000, 'VND', 'one-till-one-key') as r`,
        params: [code],
      })),
    );
    expect(results.every((r) => r.ok && r.value?.ok === true)).toBe(true);
    expect(new Set(results.map((r) => r.value!.transaction_id)).size).toBe(1);
    const { rows } = await s.db.query(
      `select count(*)::int as n from public.partner_transactions where voucher_id = (select id from public.vouchers where code = $1)`,
      [code],
    );
    expect(rows).toEqual([{ n: 1 }]);
  });
});
