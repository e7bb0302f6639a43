// Concurrency on a real PostgreSQL server (PGlite serialises everything, so these run on PostgreSQL
// only): 20 separate connections, each impersonating a user as PostgREST does, fire at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { impersonate, race as raceOnPostgres } from '@guestmap/local-stack/testing/race.ts';
import { startTestStack, stopPgServer, type TestStack } from '@guestmap/local-stack/testing/stack.ts';
import { HOTEL_A, USERS, claimsFor } from './support.ts';

afterAll(stopPgServer);

const RACERS = 20;
const racerId = (i: number) => `00000000-0000-4000-c000-${String(i).padStart(12, '0')}`;

describe('rewards under concurrency on postgres', () => {
  let s: TestStack;
  let scratch: string;
  let wheel: string;
  let spa: string;

  beforeAll(async () => {
    s = await startTestStack('postgres');
    spa = (
      await s.db.query<{ id: string }>(
        `select extensions.uuid_generate_v5(extensions.uuid_ns_url(), $1 || '/miu-miu-spa') as id`,
        [HOTEL_A],
      )
    ).rows[0]!.id;
    scratch = (
      await s.db.query<{ id: string }>(
        `insert into public.reward_campaigns (customer_id, kind) values ($1, 'scratch_card') returning id`,
        [HOTEL_A],
      )
    ).rows[0]!.id;
    await s.db.query(
      `insert into public.reward_prizes (campaign_id, kind, label, points, activity_id, discount_pct, weight) values
       ($1, 'points', '{"en":"10 points"}', 10, null, null, 1), ($1, 'voucher', '{"en":"voucher"}', null, $2, 10, 1)`,
      [scratch, spa],
    );
    wheel = await jackpotWheel(5);
    await s.db.query(
      `insert into auth.users (instance_id, id, aud, role, is_anonymous, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
       select '00000000-0000-0000-0000-000000000000', ('00000000-0000-4000-c000-' || lpad(g::text, 12, '0'))::uuid, 'authenticated', 'authenticated',
              false, '{}', '{}', now(), now() from generate_series(1, $1::int) g`,
      [RACERS],
    );
    await s.db.query(
      `insert into public.partner_pins (activity_id, pin_hash, pin_length) values ($1, extensions.crypt('246813', extensions.gen_salt('bf', 4)), 6)
       on conflict (activity_id) do update set pin_hash = excluded.pin_hash, pin_length = excluded.pin_length`,
      [spa],
    );
  });
  afterAll(async () => {
    await s?.stop();
  });

  /** A fortune wheel (10 spins a day) whose jackpot of 1,000 points, weight 1,000,000, has `stock` items; else nothing. */
  const jackpotWheel = async (stock: number) => {
    const id = (
      await s.db.query<{ id: string }>(
        `insert into public.reward_campaigns (customer_id, kind, daily_limit) values ($1, 'fortune_wheel', 10) returning id`,
        [HOTEL_A],
      )
    ).rows[0]!.id;
    await s.db.query(
      `insert into public.reward_prizes (campaign_id, kind, label, points, weight, stock) values
       ($1, 'points', '{"en":"jackpot"}', 1000, 1000000, $2), ($1, 'nothing', '{"en":"nothing"}', null, 1, null)`,
      [id, stock],
    );
    return id;
  };

  /** Each call as its user (anon when null), on its own connection, all fired at once. */
  const race = (calls: { userId: string | null; sql: string; params: unknown[] }[]) =>
    raceOnPostgres<Record<string, unknown>>(
      s.dbUrl!,
      calls.map(({ userId, sql, params }) => {
        const claims = userId ? { ...claimsFor('guest'), sub: userId } : claimsFor('anon');
        return {
          prepare: impersonate({ role: String(claims.role), 'request.jwt.claims': JSON.stringify(claims) }),
          sql,
          params,
        };
      }),
    );

  it('20 parallel plays of one user on a scratch card yield exactly one play and one prize', async () => {
    const results = await race(
      Array.from({ length: RACERS }, (_, i) => ({
        userId: USERS.guest,
        sql: 'select public.play_reward($1, $2) as r',
        params: [scratch, `par-${i}`],
      })),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).map((r) => r.detail)).toEqual(Array(RACERS - 1).fill('daily_limit'));
    const { rows } = await s.db.query(
      `select (select count(*)::int from public.reward_plays where user_id = $1 and campaign_id = $2) as plays,
              (select count(*)::int from public.points_ledger where user_id = $1) + (select count(*)::int from public.vouchers where user_id = $1) as prizes`,
      [USERS.guest, scratch],
    );
    expect(rows).toEqual([{ plays: 1, prizes: 1 }]);
  });

  it('20 parallel calls with the same idempotency key return one identical outcome', async () => {
    const results = await race(
      Array.from({ length: RACERS }, () => ({
        userId: USERS.traveller,
        sql: 'select public.play_reward($1, $2) as r',
        params: [scratch, 'same-key'],
      })),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    expect(new Set(results.map((r) => JSON.stringify(r.value))).size).toBe(1);
    const { rows } = await s.db.query('select count(*)::int as n from public.reward_plays where user_id = $1', [
      USERS.traveller,
    ]);
    expect(rows).toEqual([{ n: 1 }]);
  });

  it('20 users drawing a prize with stock 5 at once: exactly 5 won, stock 0, never negative', async () => {
    const results = await race(
      Array.from({ length: RACERS }, (_, i) => ({
        userId: racerId(i + 1),
        sql: 'select public.play_reward($1, $2) as r',
        params: [wheel, 'stock'],
      })),
    );
    // Every draw answers (the failures' codes are named when one does not: once seen under heavy load in CI).
    expect(results.filter((r) => !r.ok).map((r) => `${r.code}: ${r.detail}`)).toEqual([]);
    expect(results.every((r) => r.ok)).toBe(true);
    expect(results.filter((r) => r.value!.prize_kind === 'points')).toHaveLength(5);
    const { rows } = await s.db.query(
      `select (select stock from public.reward_prizes where campaign_id = $1 and kind = 'points') as stock,
              (select count(*)::int from public.points_ledger l join public.reward_plays p on p.id = l.play_id where p.campaign_id = $1) as ledger_rows`,
      [wheel],
    );
    expect(rows).toEqual([{ stock: 0, ledger_rows: 5 }]);
  });

  it('draws go on answering while a heavy prize runs out: 10 rounds of 20 users, each round exactly its stock won', async () => {
    // A pick is made against the total weight read in one statement and looked up in the next: a play
    // that takes the last item in between must make the other draws draw again, never fail.
    const failures: string[] = [];
    const won: number[] = [];
    const stockLeft: number[] = [];
    for (let round = 0; round < 10; round++) {
      const campaign = await jackpotWheel(3);
      const results = await race(
        Array.from({ length: RACERS }, (_, i) => ({
          userId: racerId(i + 1),
          sql: 'select public.play_reward($1, $2) as r',
          params: [campaign, `round-${round}`],
        })),
      );
      failures.push(...results.filter((r) => !r.ok).map((r) => `round ${round}: ${r.code}: ${r.detail}`));
      won.push(results.filter((r) => r.ok && r.value!.prize_kind === 'points').length);
      const { rows } = await s.db.query<{ stock: number }>(
        `select stock from public.reward_prizes where campaign_id = $1 and kind = 'points'`,
        [campaign],
      );
      stockLeft.push(rows[0]!.stock);
    }
    expect(failures).toEqual([]);
    expect(won).toEqual(Array(10).fill(3));
    expect(stockLeft).toEqual(Array(10).fill(0));
  });

  it('one voucher redeemed by 20 tills at once with different keys: one transaction', async () => {
    const code = (
      await s.db.query<{ code: string }>(
        `insert into public.vouchers (code, user_id, customer_id, activity_id, discount_pct, expires_at)
         values ('RACEV2345K', $1, $2, $3, 10, now() + interval '1 day') returning code`,
        [USERS.guest, HOTEL_A, spa],
      )
    ).rows[0]!.code;
    const results = await race(
      Array.from({ length: RACERS }, (_, i) => ({
        userId: null,
        sql: `select public.redeem_voucher($1, '246813', 50000, 'VND', $2) as r`,
        params: [code, `till-${i}`],
      })),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).map((r) => r.detail)).toEqual(Array(RACERS - 1).fill('voucher_used'));
    const { rows } = await s.db.query(
      'select count(*)::int as n, sum(amount_minor)::int as amount from public.partner_transactions where voucher_id = (select id from public.vouchers where code = $1)',
      [code],
    );
    expect(rows).toEqual([{ n: 1, amount: 50000 }]);
  });
});
