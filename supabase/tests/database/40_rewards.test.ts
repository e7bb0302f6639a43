// Rewards and partner commission: server-side draws (odds, stock, daily limit, idempotency), no
// direct writes to money-like tables, voucher redemption with a PIN, the commission split and the
// monthly statement.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestStack, stopPgServer, type TestStack } from '@guestmap/local-stack/testing/stack.ts';
import type { Queryable } from '@guestmap/local-stack/src/db/db.ts';
import {
  ANONYMOUS_GUEST,
  HOTEL_A,
  USERS,
  asPersona,
  asSuper,
  become,
  claimsFor,
  ensureAnonymousGuest,
  snapshot,
  sqlError,
  type PersonaName,
  type SqlError,
} from './support.ts';

afterAll(stopPgServer);

const one = async <T = Record<string, unknown>>(q: Queryable, sql: string, params: unknown[] = []): Promise<T> =>
  (await q.query<T>(sql, params)).rows[0]!;

const partnerId = (slug: string) => `extensions.uuid_generate_v5(extensions.uuid_ns_url(), '${HOTEL_A}/${slug}')`;

interface Outcome {
  play_id: string;
  prize_kind: string;
  prize_id: string;
  label: { en: string };
  points: number | null;
  voucher_code: string | null;
}

/** Switches the current transaction to act as another user, exactly as PostgREST would. */
async function actAs(tx: Queryable, userId: string, anonymous = false): Promise<void> {
  await tx.query("select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)", [
    JSON.stringify({ ...claimsFor('guest'), sub: userId, is_anonymous: anonymous }),
  ]);
}

const play = async (tx: Queryable, campaign: string, key: string) =>
  (await one<{ r: Outcome }>(tx, 'select public.play_reward($1, $2) as r', [campaign, key])).r;

/** Runs one statement inside a savepoint: a denied write leaves the transaction usable, a write that
 * succeeds stays (so a committed transaction would keep it and the snapshot would show it). */
async function attempt(tx: Queryable, sql: string, params: unknown[] = []): Promise<SqlError | null> {
  await tx.query('savepoint attempt');
  try {
    await tx.query(sql, params);
    await tx.query('release savepoint attempt');
    return null;
  } catch (e) {
    await tx.query('rollback to savepoint attempt');
    const err = e as SqlError;
    return { code: err.code, message: err.message, detail: err.detail };
  }
}

const MONEY_TABLES = [
  'public.reward_campaigns',
  'public.reward_prizes',
  'public.reward_plays',
  'public.points_ledger',
  'public.vouchers',
  'public.partner_transactions',
  'public.partner_pins',
];

describe.each(BACKENDS)('rewards and commission on %s', (backend) => {
  let s: TestStack;
  let scratch: string;
  let voucherCampaign: string;
  let spa: string;

  beforeAll(async () => {
    s = await startTestStack(backend);
    await ensureAnonymousGuest(s.db);
    spa = (await one<{ id: string }>(s.db, `select ${partnerId('miu-miu-spa')} as id`)).id;
    // Configuration goes through the moderator's RPCs (committed: the campaigns are shared by the cases below).
    await asPersona(
      s.db,
      'moderatorA',
      async (tx) => {
        scratch = (
          await one<{ id: string }>(
            tx,
            `select (public.upsert_reward_campaign(null, $1, 'scratch_card', '{"en":"Scratch"}')).id`,
            [HOTEL_A],
          )
        ).id;
        await tx.query(`select public.upsert_reward_prize(null, $1, 'points', '{"en":"50 points"}', 3, null, 50)`, [
          scratch,
        ]);
        await tx.query(`select public.upsert_reward_prize(null, $1, 'nothing', '{"en":"Try again"}', 1)`, [scratch]);
        voucherCampaign = (
          await one<{ id: string }>(
            tx,
            `select (public.upsert_reward_campaign(null, $1, 'fortune_wheel', null, true, 1000)).id`,
            [HOTEL_A],
          )
        ).id;
        await tx.query(
          `select public.upsert_reward_prize(null, $1, 'voucher', '{"en":"15% off"}', 1, null, null, $2, 15)`,
          [voucherCampaign, spa],
        );
        // Miu Miu Spa has a staff account (partner@demo.test): only its staff set its PIN (issue 41).
        await become(tx, { sub: USERS.partner });
        await tx.query(`select public.set_partner_pin($1, '482193')`, [spa]);
      },
      { commit: true },
    );
  });
  afterAll(async () => {
    await s?.stop();
  });

  it('a guest plays once a day; a replay of the key returns the first outcome and creates nothing', async () => {
    await asPersona(s.db, 'guest', async (tx) => {
      const first = await play(tx, scratch, 'key-1');
      expect(['points', 'nothing']).toContain(first.prize_kind);
      expect(await play(tx, scratch, 'key-1')).toEqual(first);
      const err = await attempt(tx, 'select public.play_reward($1, $2)', [scratch, 'key-2']);
      expect(err).toMatchObject({ code: 'P0001', detail: 'daily_limit' });
      const balances = await tx.query('select customer_id, balance::int as balance from public.points_balances');
      expect(balances.rows).toEqual(first.prize_kind === 'points' ? [{ customer_id: HOTEL_A, balance: 50 }] : []);
      await asSuper(tx);
      const counts = await one(
        tx,
        `select (select count(*)::int from public.reward_plays where user_id = $1) as plays,
                (select coalesce(sum(delta), 0)::int from public.points_ledger where user_id = $1) as points`,
        [USERS.guest],
      );
      expect(counts).toEqual({ plays: 1, points: first.prize_kind === 'points' ? 50 : 0 });
    });
  });

  it('anonymous users play; anon callers, disabled users and inactive campaigns are refused', async () => {
    await asPersona(s.db, 'anonymousGuest', async (tx) => {
      const r = await play(tx, scratch, 'anon-1');
      expect(r.play_id).toMatch(/^[0-9a-f-]{36}$/);
      await asSuper(tx);
      expect(
        await one(tx, 'select count(*)::int as n from public.reward_plays where user_id = $1', [ANONYMOUS_GUEST]),
      ).toEqual({ n: 1 });
    });
    expect(await asPersona(s.db, 'anon', (tx) => sqlError(play(tx, scratch, 'k')))).toMatchObject({
      code: '42501',
      detail: 'not_authenticated',
    });
    expect(await asPersona(s.db, 'disabled', (tx) => sqlError(play(tx, scratch, 'k')))).toMatchObject({
      code: '42501',
      detail: 'user_disabled',
    });
    await asPersona(s.db, 'plain', async (tx) => {
      await asSuper(tx);
      await tx.query('update public.reward_campaigns set active = false where id = $1', [scratch]);
      await tx.query('set local role authenticated');
      expect(await sqlError(play(tx, scratch, 'k'))).toMatchObject({ code: 'P0001', detail: 'campaign_inactive' });
    });
  });

  it('no prize argument exists: a call naming p_prize_id fails', async () => {
    await asPersona(s.db, 'plain', async (tx) => {
      const prize = await one<{ id: string }>(
        tx,
        'select id from public.reward_prizes where campaign_id = $1 limit 1',
        [scratch],
      );
      const err = await attempt(
        tx,
        'select public.play_reward(p_campaign_id => $1, p_idempotency_key => $2, p_prize_id => $3)',
        [scratch, 'x', prize.id],
      );
      expect(err?.code).toBe('42883');
      expect((await attempt(tx, 'select public.play_reward($1, $2, $3)', [scratch, 'y', prize.id]))?.code).toBe(
        '42883',
      );
      const fns = await tx.query<{ args: string }>(
        "select pg_get_function_arguments(p.oid) as args from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public' and p.proname = 'play_reward'",
      );
      expect(fns.rows).toEqual([{ args: 'p_campaign_id uuid, p_idempotency_key text' }]);
    });
  });

  it('2,000 server draws follow the configured weights (chi-square, 3 degrees of freedom, below 16.27 = p 0.001); ledger = points drawn', async () => {
    const weights = { p10: 50, p50: 30, nothing: 15, voucher: 5 };
    const users = 20;
    const perUser = 100;
    await asPersona(s.db, 'plain', async (tx) => {
      await asSuper(tx);
      const wheel = (
        await one<{ id: string }>(
          tx,
          `insert into public.reward_campaigns (customer_id, kind, daily_limit) values ($1, 'fortune_wheel', 1000) returning id`,
          [HOTEL_A],
        )
      ).id;
      await tx.query(
        `insert into public.reward_prizes (campaign_id, kind, label, points, activity_id, discount_pct, weight, sort_order) values
         ($1, 'points', '{"en":"p10"}', 10, null, null, $3, 1), ($1, 'points', '{"en":"p50"}', 50, null, null, $4, 2),
         ($1, 'nothing', '{"en":"nothing"}', null, null, null, $5, 3), ($1, 'voucher', '{"en":"voucher"}', null, $2, 10, $6, 4)`,
        [wheel, spa, weights.p10, weights.p50, weights.nothing, weights.voucher],
      );
      await tx.query(
        `insert into auth.users (instance_id, id, aud, role, is_anonymous, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
         select '00000000-0000-0000-0000-000000000000', ('00000000-0000-4000-b000-' || lpad(g::text, 12, '0'))::uuid, 'authenticated', 'authenticated',
                false, 'drawer' || g || '@example.test', now(), '{}', '{}', now(), now() from generate_series(1, $1::int) g`,
        [users],
      );
      await tx.query('select setseed(0.25)');
      for (let u = 1; u <= users; u++) {
        await actAs(tx, `00000000-0000-4000-b000-${String(u).padStart(12, '0')}`);
        await tx.query(`select public.play_reward($1, 'draw-' || g) from generate_series(1, $2::int) g`, [
          wheel,
          perUser,
        ]);
        await asSuper(tx);
      }
      const { rows } = await tx.query<{ label: string; n: number }>(
        `select label ->> 'en' as label, count(*)::int as n from public.reward_plays where campaign_id = $1 group by 1`,
        [wheel],
      );
      const observed = Object.fromEntries(rows.map((r) => [r.label, r.n]));
      const total = users * perUser;
      expect(Object.values(observed).reduce((a, b) => a + b, 0)).toBe(total);
      const weightSum = Object.values(weights).reduce((a, b) => a + b, 0);
      const chi2 = Object.entries(weights).reduce((acc, [k, w]) => {
        const expected = (total * w) / weightSum;
        return acc + ((observed[k] ?? 0) - expected) ** 2 / expected;
      }, 0);
      expect(chi2).toBeLessThan(16.27);
      const money = await one(
        tx,
        `select (select coalesce(sum(l.delta), 0)::int from public.points_ledger l join public.reward_plays p on p.id = l.play_id where p.campaign_id = $1) as ledger,
                (select coalesce(sum(points), 0)::int from public.reward_plays where campaign_id = $1 and prize_kind = 'points') as drawn,
                (select count(*)::int from public.vouchers v join public.reward_plays p on p.id = v.play_id where p.campaign_id = $1) as vouchers`,
        [wheel],
      );
      expect(money).toEqual({
        ledger: 10 * observed.p10! + 50 * observed.p50!,
        drawn: 10 * observed.p10! + 50 * observed.p50!,
        vouchers: observed.voucher,
      });
    });
  }, 180_000);

  it('stock never goes below zero and a prize out of stock is never drawn', async () => {
    await asPersona(s.db, 'plain', async (tx) => {
      await asSuper(tx);
      const wheel = (
        await one<{ id: string }>(
          tx,
          `insert into public.reward_campaigns (customer_id, kind, daily_limit) values ($1, 'fortune_wheel', 100) returning id`,
          [HOTEL_A],
        )
      ).id;
      const rare = (
        await one<{ id: string }>(
          tx,
          `insert into public.reward_prizes (campaign_id, kind, label, points, weight, stock) values ($1, 'points', '{"en":"rare"}', 500, 1000, 3) returning id`,
          [wheel],
        )
      ).id;
      await tx.query(
        `insert into public.reward_prizes (campaign_id, kind, label, weight) values ($1, 'nothing', '{"en":"nothing"}', 1)`,
        [wheel],
      );
      await tx.query('select setseed(0.5)');
      await actAs(tx, USERS.traveller);
      for (let i = 0; i < 30; i++) await play(tx, wheel, `stock-${i}`);
      await asSuper(tx);
      expect(await one(tx, 'select stock from public.reward_prizes where id = $1', [rare])).toEqual({ stock: 0 });
      expect(await one(tx, 'select count(*)::int as n from public.reward_plays where prize_id = $1', [rare])).toEqual({
        n: 3,
      });
      expect(
        await one(
          tx,
          `select count(*)::int as n from public.reward_plays where campaign_id = $1 and prize_kind = 'nothing'`,
          [wheel],
        ),
      ).toEqual({ n: 27 });
      expect(await attempt(tx, 'update public.reward_prizes set stock = -1 where id = $1', [rare])).toMatchObject({
        code: '23514',
      });
    });
  });

  it('direct INSERT/UPDATE/DELETE on money-like tables is denied for every client and changes nothing', async () => {
    const before = await snapshot(s.db, MONEY_TABLES);
    // `where true`: hosted refuses a bare UPDATE or DELETE before privileges are consulted (safeupdate)
    const attempts = [
      `insert into public.points_ledger (user_id, customer_id, delta, reason) values ('${USERS.guest}', '${HOTEL_A}', 1000, 'adjustment')`,
      'update public.points_ledger set delta = 9999 where true',
      'delete from public.points_ledger where true',
      `insert into public.vouchers (code, user_id, customer_id, activity_id, discount_pct, expires_at) values ('ABCDEFGHJK', '${USERS.guest}', '${HOTEL_A}', ${partnerId('miu-miu-spa')}, 90, now() + interval '1 day')`,
      'update public.vouchers set redeemed_at = null where true',
      'delete from public.vouchers where true',
      `insert into public.reward_plays (user_id, campaign_id, customer_id, prize_kind, label, play_day, slot, idempotency_key) values ('${USERS.guest}', '${voucherCampaign}', '${HOTEL_A}', 'nothing', '{"en":"x"}', current_date, 9, 'x')`,
      'delete from public.reward_plays where true',
      `insert into public.partner_transactions (customer_id, activity_id, amount_minor, currency, commission_rate, reinvestment_pct, commission_minor, hotel_share_minor, platform_fee_minor, reinvestment_minor, net_to_hotel_minor, idempotency_key) values ('${HOTEL_A}', ${partnerId('miu-miu-spa')}, 100, 'VND', 0, 0, 0, 0, 0, 0, 0, 'x')`,
      'update public.partner_transactions set amount_minor = 1 where true',
      'delete from public.partner_transactions where true',
      `insert into public.reward_campaigns (customer_id, kind) values ('${HOTEL_A}', 'scratch_card')`,
      'update public.reward_campaigns set daily_limit = 1000 where true',
      'update public.reward_prizes set weight = 1000000, stock = null where true',
      'delete from public.reward_prizes where true',
      `insert into public.partner_pins (activity_id, pin_hash) values (${partnerId('secret-garden')}, 'x')`,
      'update public.partner_pins set pin_hash = null where true',
      'select pin_hash from public.partner_pins',
    ];
    for (const persona of ['anon', 'guest', 'moderatorA', 'admin'] as PersonaName[]) {
      for (const sql of attempts) {
        await asPersona(
          s.db,
          persona,
          async (tx) => {
            expect((await attempt(tx, sql))?.code, `${persona}: ${sql}`).toBe('42501');
          },
          { commit: true },
        );
      }
    }
    expect(await snapshot(s.db, MONEY_TABLES)).toEqual(before);
  });

  it('clients read prize labels of active campaigns but not weights or stock', async () => {
    await asPersona(s.db, 'anon', async (tx) => {
      const { rows } = await tx.query<{ label: { en: string } }>(
        'select label from public.reward_prizes where campaign_id = $1 order by label',
        [scratch],
      );
      expect(rows.map((r) => r.label.en)).toEqual(['50 points', 'Try again']);
      expect((await attempt(tx, 'select weight from public.reward_prizes'))?.code).toBe('42501');
      expect((await attempt(tx, 'select stock from public.reward_prizes'))?.code).toBe('42501');
    });
    await asPersona(s.db, 'moderatorA', async (tx) => {
      const { rows } = await tx.query<{ weight: number }>(
        'select weight from public.list_reward_prizes($1) order by weight',
        [scratch],
      );
      expect(rows.map((r) => r.weight)).toEqual([1, 3]);
    });
    expect(
      await asPersona(s.db, 'moderatorB', (tx) =>
        sqlError(tx.query('select * from public.list_reward_prizes($1)', [scratch])),
      ),
    ).toMatchObject({
      code: '42501',
      detail: 'not_moderator',
    });
  });

  it('a voucher is redeemed once with the partner PIN; a retried key returns the first result; the split adds up', async () => {
    const code = await asPersona(
      s.db,
      'guest',
      async (tx) => (await play(tx, voucherCampaign, 'voucher-1')).voucher_code!,
      { commit: true },
    );
    expect(code).toMatch(/^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{10}$/);
    const redeem = (pin: string, key: string, amount = 1234567) =>
      asPersona(
        s.db,
        'anon',
        (tx) =>
          one<{ r: Record<string, unknown> }>(tx, `select public.redeem_voucher($1, $2, $3, 'VND', $4) as r`, [
            code,
            pin,
            amount,
            key,
          ]).then((x) => x.r),
        {
          commit: true,
        },
      );
    expect(await redeem('0000', 'pos-1')).toEqual({ ok: false, details: 'wrong_pin', attempts_left: 4 });
    const first = await redeem('482193', 'pos-1');
    // miu-miu-spa: rate 0.150; Riverside reinvests 15 %.
    // 1,234,567 × 0.15 = 185,185.05 → 185,185; fee round(37,037.0) = 37,037; share 148,148; reinvest round(22,222.2) = 22,222.
    expect(first).toMatchObject({
      ok: true,
      customer_id: HOTEL_A,
      amount_minor: 1234567,
      currency: 'VND',
      commission_minor: 185185,
      platform_fee_minor: 37037,
      hotel_share_minor: 148148,
      reinvestment_minor: 22222,
      net_to_hotel_minor: 125926,
    });
    // The same request again answers the first; another amount under that key is refused (HTTP 422), never ok.
    expect(await redeem('482193', 'pos-1')).toEqual(first);
    expect(
      await asPersona(s.db, 'anon', (tx) =>
        sqlError(tx.query(`select public.redeem_voucher($1, '482193', 999, 'VND', 'pos-1')`, [code])),
      ),
    ).toMatchObject({ code: 'PT422', detail: 'idempotency_conflict' });
    expect(
      await asPersona(s.db, 'anon', (tx) =>
        sqlError(tx.query(`select public.redeem_voucher($1, '482193', 5000, 'VND', 'pos-2')`, [code])),
      ),
    ).toMatchObject({
      code: 'P0001',
      detail: 'voucher_used',
    });
    expect(
      await one(
        s.db,
        'select count(*)::int as n from public.partner_transactions where voucher_id = (select id from public.vouchers where code = $1)',
        [code],
      ),
    ).toEqual({ n: 1 });
    const pct = await one<{ p: string }>(
      s.db,
      'select rewards_reinvestment_pct::text as p from public.customers where id = $1',
      [HOTEL_A],
    );
    expect(Number(pct.p)).toBe(15);
  });

  it('wrong PINs are refused and locked out after five attempts', async () => {
    const code = await asPersona(
      s.db,
      'plain',
      async (tx) => (await play(tx, voucherCampaign, 'voucher-lock')).voucher_code!,
      { commit: true },
    );
    // Five wrong PINs on this voucher (the limit is per voucher since issue 27; it used to count the
    // partner's wrong PINs on any voucher, so the earlier test's one wrong PIN made four enough).
    for (let i = 0; i < 5; i++) {
      const r = await asPersona(
        s.db,
        'anon',
        (tx) =>
          one<{ r: { details: string } }>(tx, `select public.redeem_voucher($1, '1111', 100, 'VND', $2) as r`, [
            code,
            `w${i}`,
          ]),
        { commit: true },
      );
      expect(r.r.details).toBe('wrong_pin');
    }
    expect(
      await asPersona(s.db, 'anon', (tx) =>
        sqlError(tx.query(`select public.redeem_voucher($1, '482193', 100, 'VND', 'ok')`, [code])),
      ),
    ).toMatchObject({
      detail: 'pin_locked',
    });
    expect(await one(s.db, 'select redeemed_at from public.vouchers where code = $1', [code])).toEqual({
      redeemed_at: null,
    });
    // A new PIN clears the lock.
    await asPersona(
      s.db,
      'plain',
      async (tx) => {
        await become(tx, { sub: USERS.partner });
        await tx.query(`select public.set_partner_pin($1, '482193')`, [spa]);
      },
      { commit: true },
    );
  });

  it('record_partner_transaction: moderators of the customer only, idempotent, exact split', async () => {
    await asPersona(s.db, 'moderatorA', async (tx) => {
      await asSuper(tx);
      await tx.query(`update public.activities set commission_rate = 0.125 where id = ${partnerId('secret-garden')}`);
      await tx.query('set local role authenticated');
      const rec = (key: string) =>
        one<{ r: Record<string, unknown> }>(
          tx,
          `select public.record_partner_transaction($1, ${partnerId('secret-garden')}, 1234567, 'VND', $2) as r`,
          [HOTEL_A, key],
        ).then((x) => x.r);
      const first = await rec('manual-1');
      // 154,320.875 → 154,321; fee 30,864.2 → 30,864; share 123,457; reinvest 18,518.55 → 18,519; net 104,938.
      expect(first).toMatchObject({
        commission_minor: 154321,
        platform_fee_minor: 30864,
        hotel_share_minor: 123457,
        reinvestment_minor: 18519,
        net_to_hotel_minor: 104938,
      });
      expect(await rec('manual-1')).toEqual(first);
      expect(
        await attempt(
          tx,
          `select public.record_partner_transaction($1, ${partnerId('cu-chi-tunnels')}, 100, 'VND', 'm2')`,
          [HOTEL_A],
        ),
      ).toMatchObject({ detail: 'not_partner' });
    });
    for (const p of ['guest', 'moderatorB', 'anonymousGuest'] as PersonaName[]) {
      const err = await asPersona(s.db, p, (tx) =>
        sqlError(
          tx.query(`select public.record_partner_transaction($1, ${partnerId('secret-garden')}, 100, 'VND', 'x')`, [
            HOTEL_A,
          ]),
        ),
      );
      expect(err, p).toMatchObject({ code: '42501', detail: 'not_moderator' });
    }
  });

  it("monthly statement: one row per partner, totals equal the sum of the month's transactions to the minor unit", async () => {
    const statement = (tx: Queryable, month: string) =>
      tx
        .query<Record<string, unknown>>(
          `select activity_id, transactions, gross_minor::text as gross, commission_minor::text as commission, hotel_share_minor::text as share,
                platform_fee_minor::text as fee, reinvestment_minor::text as reinvest, net_to_hotel_minor::text as net
         from public.monthly_statement($1, ${month}) order by activity_id`,
          [HOTEL_A],
        )
        .then((r) => r.rows);
    const fromTable = (tx: Queryable, month: string) =>
      tx
        .query<Record<string, unknown>>(
          `select activity_id, count(*)::int as transactions, sum(amount_minor)::text as gross, sum(commission_minor)::text as commission,
                sum(hotel_share_minor)::text as share, sum(platform_fee_minor)::text as fee, sum(reinvestment_minor)::text as reinvest, sum(net_to_hotel_minor)::text as net
         from public.partner_transactions
         where customer_id = $1 and status = 'confirmed' and (created_at at time zone 'Asia/Ho_Chi_Minh')::date >= date_trunc('month', ${month})::date
           and (created_at at time zone 'Asia/Ho_Chi_Minh')::date < (date_trunc('month', ${month}) + interval '1 month')::date
         group by activity_id order by activity_id`,
          [HOTEL_A],
        )
        .then((r) => r.rows);
    // Since issue 27 statements use the hotel's months (customers.time_zone) and total confirmed sales only.
    const THIS_MONTH = `(now() at time zone 'Asia/Ho_Chi_Minh')::date`;
    const LAST_MONTH = `(date_trunc('month', now() at time zone 'Asia/Ho_Chi_Minh') - interval '1 day')::date`;
    const lusineId = (await one<{ id: string }>(s.db, `select ${partnerId('lusine-dong-khoi')} as id`)).id;
    await asPersona(s.db, 'admin', async (tx) => {
      const lusineBefore = (await statement(tx, THIS_MONTH)).find((r) => r.activity_id === lusineId);
      const amounts = [1001, 2999, 150005, 7];
      for (const [i, a] of amounts.entries()) {
        await tx.query(
          `select public.record_partner_transaction($1, ${partnerId(i % 2 ? 'vespa-adventures' : 'lusine-dong-khoi')}, $2, 'VND', $3)`,
          [HOTEL_A, a, `stmt-${i}`],
        );
      }
      await asSuper(tx);
      // Typed sales count once the partner confirms them (issue 27).
      await tx.query(
        `update public.partner_transactions set status = 'confirmed', decided_at = now() where idempotency_key like 'stmt-%'`,
      );
      // A transaction on the last day of last month counts there, not in this month.
      await tx.query(
        `insert into public.partner_transactions (customer_id, activity_id, amount_minor, currency, commission_rate, reinvestment_pct, commission_minor,
           hotel_share_minor, platform_fee_minor, reinvestment_minor, net_to_hotel_minor, idempotency_key, created_at, status)
         values ($1, ${partnerId('vespa-adventures')}, 1000, 'VND', 0.2, 10, 200, 160, 40, 16, 144, 'old',
                 (date_trunc('month', now() at time zone 'Asia/Ho_Chi_Minh') - interval '1 second') at time zone 'Asia/Ho_Chi_Minh', 'confirmed')`,
        [HOTEL_A],
      );
      const expectedThis = await fromTable(tx, THIS_MONTH);
      const expectedLast = await fromTable(tx, LAST_MONTH);
      await tx.query('set local role authenticated');
      const thisMonth = await statement(tx, THIS_MONTH);
      expect(thisMonth).toEqual(expectedThis);
      expect(thisMonth.length).toBeGreaterThan(0);
      expect(await statement(tx, LAST_MONTH)).toEqual(expectedLast);
      expect(expectedLast.length).toBeGreaterThan(0);
      const lusineAfter = thisMonth.find((r) => r.activity_id === lusineId)!;
      // lusine (0.08): 1001 → round(80.08) = 80 and 150005 → round(12000.4) = 12000.
      const n = (v: unknown) => Number(v ?? 0);
      expect({
        transactions: n(lusineAfter.transactions) - n(lusineBefore?.transactions),
        gross: n(lusineAfter.gross) - n(lusineBefore?.gross),
        commission: n(lusineAfter.commission) - n(lusineBefore?.commission),
      }).toEqual({ transactions: 2, gross: 151006, commission: 12080 });
    });
    expect(
      await asPersona(s.db, 'moderatorB', (tx) =>
        sqlError(tx.query(`select * from public.monthly_statement($1, current_date)`, [HOTEL_A])),
      ),
    ).toMatchObject({
      code: '42501',
      detail: 'not_moderator',
    });
  });

  it('the demo seed: a Riverside scratch card, partner PINs, and statements with real figures', async () => {
    const seeded = await one(
      s.db,
      `select (select count(*)::int from public.reward_campaigns where customer_id = $1 and id = '00000000-0000-4000-d000-000000000001' and kind = 'scratch_card' and active) as campaigns,
              (select count(*)::int from public.reward_prizes where campaign_id = '00000000-0000-4000-d000-000000000001') as prizes,
              (select count(*)::int from public.partner_pins p join public.activities a on a.id = p.activity_id where a.customer_id = $1) as pins,
              (select count(distinct date_trunc('month', created_at))::int from public.partner_transactions where customer_id = $1 and idempotency_key like 'seed-%') as months`,
      [HOTEL_A],
    );
    expect(seeded).toEqual({ campaigns: 1, prizes: 4, pins: 7, months: expect.any(Number) });
    expect(seeded.months as number).toBeGreaterThanOrEqual(3);
  });

  it('CHECK constraints reject a split that does not add up', async () => {
    const insert = (commission: number, share: number, fee: number, reinvest: number, net: number) =>
      sqlError(
        s.db.query(
          `insert into public.partner_transactions (customer_id, activity_id, amount_minor, currency, commission_rate, reinvestment_pct, commission_minor,
             hotel_share_minor, platform_fee_minor, reinvestment_minor, net_to_hotel_minor, idempotency_key)
           values ($1, ${partnerId('vespa-adventures')}, 1000, 'VND', 0.2, 10, $2, $3, $4, $5, $6, 'bad')`,
          [HOTEL_A, commission, share, fee, reinvest, net],
        ),
      );
    expect(await insert(200, 161, 40, 16, 145)).toMatchObject({
      code: '23514',
      message: expect.stringContaining('partner_transactions_split_adds_up'),
    });
    expect(await insert(200, 160, 40, 16, 145)).toMatchObject({
      code: '23514',
      message: expect.stringContaining('partner_transactions_hotel_share_adds_up'),
    });
    expect(await insert(201, 161, 40, 16, 145)).toMatchObject({
      code: '23514',
      message: expect.stringContaining('partner_transactions_commission'),
    });
  });
});
