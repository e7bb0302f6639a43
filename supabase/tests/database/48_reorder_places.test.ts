// public.reorder_places (migration 20261127100400): a manager puts all of a customer's places in a new order in
// one call. On PGlite and PostgreSQL: the order written, who may, what is refused (changing nothing). On
// PostgreSQL with separate connections: two managers reordering at once end in one of their two orders.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestStack, stopPgServer, type TestStack } from '@guestmap/local-stack/testing/stack.ts';
import { impersonate, race } from '@guestmap/local-stack/testing/race.ts';
import { HOTEL_A, HOTEL_B, asPersona, claimsFor, snapshot, sqlError, type PersonaName } from './support.ts';

afterAll(stopPgServer);

const REORDER = 'select public.reorder_places($1, $2::uuid[])';

/** The customer's places in their order, as the dashboard lists them (sort_order, then created_at). */
async function order(s: TestStack, customer: string): Promise<string[]> {
  const { rows } = await s.db.query<{ id: string }>(
    'select id from public.activities where customer_id = $1 order by sort_order, created_at, id',
    [customer],
  );
  return rows.map((r) => r.id);
}

async function sortOrders(s: TestStack, customer: string): Promise<number[]> {
  const { rows } = await s.db.query<{ sort_order: number }>(
    'select sort_order from public.activities where customer_id = $1 order by sort_order, created_at, id',
    [customer],
  );
  return rows.map((r) => r.sort_order);
}

const reorderAs = (s: TestStack, p: PersonaName, customer: string, list: unknown[]) =>
  asPersona(s.db, p, (tx) => tx.query(REORDER, [customer, list]), { commit: true });

describe.each(BACKENDS)('reorder_places on %s', (backend) => {
  let s: TestStack;
  beforeAll(async () => {
    s = await startTestStack(backend);
  });
  afterAll(async () => {
    await s?.stop();
  });

  it('a moderator puts every place of the hotel in the order given, numbered 10, 20, 30 …', async () => {
    const before = await order(s, HOTEL_A);
    expect(before.length).toBeGreaterThan(3);
    const wanted = [...before].reverse();
    await reorderAs(s, 'moderatorA', HOTEL_A, wanted);
    expect(await order(s, HOTEL_A)).toEqual(wanted);
    expect(await sortOrders(s, HOTEL_A)).toEqual(wanted.map((_, k) => (k + 1) * 10));
  });

  it('an administrator may too; moving one place writes only the rows whose number changed', async () => {
    const before = await order(s, HOTEL_A);
    const wanted = [before[1]!, before[0]!, ...before.slice(2)];
    const { rows } = await s.db.query<{ id: string; updated_at: string }>(
      'select id, updated_at::text from public.activities where customer_id = $1',
      [HOTEL_A],
    );
    await reorderAs(s, 'admin', HOTEL_A, wanted);
    expect(await order(s, HOTEL_A)).toEqual(wanted);
    const { rows: after } = await s.db.query<{ id: string; updated_at: string }>(
      'select id, updated_at::text from public.activities where customer_id = $1',
      [HOTEL_A],
    );
    const touched = after.filter((r) => rows.find((x) => x.id === r.id)!.updated_at !== r.updated_at).map((r) => r.id);
    expect(touched.sort()).toEqual([before[0]!, before[1]!].sort());
  });

  it('refuses, changing nothing: a visitor, a guest, another hotel’s moderator, a partial, stale, foreign or repeated list', async () => {
    const mine = await order(s, HOTEL_A);
    const theirs = await order(s, HOTEL_B);
    const reversed = [...mine].reverse();
    const tables = ['public.activities'];
    const was = await snapshot(s.db, tables);
    const refusals: [PersonaName, unknown[], string, string | undefined][] = [
      ['anon', reversed, '42501', undefined],
      ['guest', reversed, '42501', 'not_moderator'],
      ['moderatorB', reversed, '42501', 'not_moderator'],
      ['moderatorA', reversed.slice(1), 'P0001', 'order_stale'],
      ['moderatorA', [...reversed.slice(1), theirs[0]!], 'P0001', 'order_stale'],
      ['moderatorA', [...reversed, theirs[0]!], 'P0001', 'order_stale'],
      ['moderatorA', [...reversed.slice(1), reversed[1]!], 'P0001', 'invalid_argument'],
      ['moderatorA', [...reversed, reversed[0]!], 'P0001', 'invalid_argument'],
      ['moderatorA', [], 'P0001', 'invalid_argument'],
      ['moderatorA', [...reversed.slice(1), null], 'P0001', 'invalid_argument'],
    ];
    for (const [persona, list, code, detail] of refusals) {
      const err = await sqlError(reorderAs(s, persona, HOTEL_A, list));
      expect({ persona, n: list.length, code: err.code, detail: err.detail }).toEqual({
        persona,
        n: list.length,
        code,
        detail,
      });
    }
    // Another hotel's moderator cannot reorder their own places through this hotel's id, nor this one's
    // through theirs.
    expect((await sqlError(reorderAs(s, 'moderatorA', HOTEL_B, [...theirs].reverse()))).detail).toBe('not_moderator');
    expect(await snapshot(s.db, tables)).toEqual(was);
  });

  it('a place added after the list was read makes the old list stale', async () => {
    const list = await order(s, HOTEL_A);
    const added = await s.db.query<{ id: string }>(
      `insert into public.activities (customer_id, slug, title, category, latitude, longitude, sort_order)
       values ($1, 'reorder-newcomer', '{"en":"Newcomer"}', 'food', 10.77, 106.7, 999) returning id`,
      [HOTEL_A],
    );
    const err = await sqlError(reorderAs(s, 'moderatorA', HOTEL_A, [...list].reverse()));
    expect(err.detail).toBe('order_stale');
    expect(await order(s, HOTEL_A)).toEqual([...list, added.rows[0]!.id]);
    await s.db.query('delete from public.activities where id = $1', [added.rows[0]!.id]);
  });
});

describe('reorder_places under concurrency on postgres', () => {
  let s: TestStack;
  beforeAll(async () => {
    s = await startTestStack('postgres');
  });
  afterAll(async () => {
    await s?.stop();
  });

  const as = (p: PersonaName) => {
    const claims = claimsFor(p);
    return impersonate({ role: String(claims.role), 'request.jwt.claims': JSON.stringify(claims) });
  };

  it('two managers reordering at once end in one of their two orders, never a mix (20 rounds)', async () => {
    const start = await order(s, HOTEL_A);
    // Two orders that differ in every position: the reverse, and a rotation by one.
    const a = [...start].reverse();
    const b = [...start.slice(1), start[0]!];
    for (let round = 0; round < 20; round++) {
      const results = await race(s.dbUrl!, [
        { prepare: as('moderatorA'), sql: REORDER, params: [HOTEL_A, a] },
        { prepare: as('admin'), sql: REORDER, params: [HOTEL_A, b] },
      ]);
      expect(
        results.map((r) => (r.ok ? 'ok' : `${r.code} ${r.detail}`)),
        `round ${round}`,
      ).toEqual(['ok', 'ok']);
      const now = await order(s, HOTEL_A);
      expect([a, b], `round ${round}: ${now.join(',')}`).toContainEqual(now);
      expect(await sortOrders(s, HOTEL_A)).toEqual(now.map((_, k) => (k + 1) * 10));
      // Back to a third order, so each round's two calls both change every row.
      await s.db.query(
        'update public.activities a set sort_order = n.position * 10 from unnest($2::uuid[]) with ordinality n (id, position) where a.id = n.id and a.customer_id = $1',
        [HOTEL_A, start],
      );
    }
  }, 120_000);
});
