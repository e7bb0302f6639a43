// Rewards integrity (issue 27, items 6 and 7), on PGlite and on PostgreSQL 15, as callers see it:
// - a voucher's state is answered before (and without) its PIN;
// - wrong PINs are limited per voucher (5 / 15 min) and per partner (20 / 15 min), exactly, even under
//   20 concurrent guesses; one voucher's lock-out leaves the partner's other vouchers alone;
// - PINs have at least 6 digits; the seeded partners each have their own;
// - creating identities does not multiply vouchers (anonymous identities win none; a network source
//   wins at most 10 a hotel day), proven with real supabase-js sign-ins against the stack;
// - a hidden hotel's campaign cannot be played; the day is the hotel's day.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { impersonate, race as raceOnPostgres } from '@guestmap/local-stack/testing/race.ts';
import { BACKENDS, startTestStack, stopPgServer, type TestStack } from '@guestmap/local-stack/testing/stack.ts';
import { HOTEL_A, HOTEL_B, USERS, asPersona, asSuper, claimsFor, sqlError } from '../database/support.ts';

afterAll(stopPgServer);

const SEEDED_PINS: Record<string, string> = {
  'pasteur-street-brewing': '381924',
  'secret-garden': '502817',
  'miu-miu-spa': '264093',
  'vespa-adventures': '719352',
  'lusine-dong-khoi': '846105',
  'mekong-delta-day-trip': '130578',
  'saigon-saigon-rooftop-bar': '957246',
};
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
let codeCounter = 0;
const newCode = (prefix: string) => {
  let n = ++codeCounter;
  let tail = '';
  for (let i = 0; i < 4; i++) {
    tail = ALPHABET[n % 32] + tail;
    n = Math.floor(n / 32);
  }
  return (prefix + 'ZZZZZZ').slice(0, 6) + tail;
};

interface Answer {
  ok: boolean;
  value?: Record<string, unknown>;
  detail?: string;
}

describe.each(BACKENDS)('rewards integrity on %s', (backend) => {
  let s: TestStack;
  const partner: Record<string, string> = {};

  const q = async <T extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
    (await s.db.query<T>(sql, params)).rows;

  async function giveVoucher(slug: string, opts: { expired?: boolean; used?: boolean } = {}): Promise<string> {
    const code = newCode(
      slug
        .replace(/[^A-Z]/gi, '')
        .toUpperCase()
        .replace(/[IO]/g, 'X'),
    );
    await q(
      `insert into public.vouchers (code, user_id, customer_id, activity_id, discount_pct, issued_at, expires_at, redeemed_at)
       values ($1, $2, $3, $4, 10, now() - interval '2 days', now() + ($5 || ' days')::interval, case when $6 then now() end)`,
      [code, USERS.guest, HOTEL_A, partner[slug], opts.expired ? '-1' : '10', !!opts.used],
    );
    return code;
  }

  /** Partner staff at the till: no account, the PIN authenticates (committed, like a real call). */
  const redeem = (code: string, pin: string, key: string): Promise<Answer> =>
    asPersona(
      s.db,
      'anon',
      async (tx) => {
        const r = await tx.query<{ r: Record<string, unknown> }>(
          `select public.redeem_voucher($1, $2, 100000, 'VND', $3) as r`,
          [code, pin, key],
        );
        return { ok: r.rows[0]!.r.ok === true, value: r.rows[0]!.r };
      },
      { commit: true },
    ).catch((e: { detail?: string }) => ({ ok: false, detail: e.detail }));

  beforeAll(async () => {
    s = await startTestStack(backend);
    for (const r of await q<{ slug: string; id: string }>(
      `select slug, id::text from public.activities where customer_id = $1 and is_partner`,
      [HOTEL_A],
    )) {
      partner[r.slug] = r.id;
    }
  });
  afterAll(async () => {
    await s?.stop();
  });

  // ─── item 7: PIN and redemption ───────────────────────────────────────────────
  it('a used, expired or unknown voucher answers the same with the right PIN as with a wrong one, and counts no guess', async () => {
    const used = await giveVoucher('pasteur-street-brewing', { used: true });
    const expired = await giveVoucher('pasteur-street-brewing', { expired: true });
    const pin = SEEDED_PINS['pasteur-street-brewing']!;
    const answers = {
      usedRight: await redeem(used, pin, 'u1'),
      usedWrong: await redeem(used, '000000', 'u2'),
      expiredRight: await redeem(expired, pin, 'e1'),
      expiredWrong: await redeem(expired, '000000', 'e2'),
      unknownRight: await redeem('ZZZZZZZZZZ', pin, 'n1'),
      unknownWrong: await redeem('ZZZZZZZZZZ', '000000', 'n2'),
    };
    expect(answers).toEqual({
      usedRight: { ok: false, detail: 'voucher_used' },
      usedWrong: { ok: false, detail: 'voucher_used' },
      expiredRight: { ok: false, detail: 'voucher_expired' },
      expiredWrong: { ok: false, detail: 'voucher_expired' },
      unknownRight: { ok: false, detail: 'voucher_not_found' },
      unknownWrong: { ok: false, detail: 'voucher_not_found' },
    });
    // Nothing was counted against the partner: a fresh voucher still has all its tries.
    const fresh = await giveVoucher('pasteur-street-brewing');
    expect((await redeem(fresh, '000000', 'f1')).value).toEqual({ ok: false, details: 'wrong_pin', attempts_left: 4 });
  });

  it("five wrong PINs lock that voucher only: the partner's other guests still redeem", async () => {
    const slug = 'mekong-delta-day-trip';
    const mine = await giveVoucher(slug);
    const other = await giveVoucher(slug);
    const left: unknown[] = [];
    for (let i = 0; i < 5; i++) left.push((await redeem(mine, '111111', `w${i}`)).value!.attempts_left);
    expect(left).toEqual([4, 3, 2, 1, 0]);
    expect(await redeem(mine, SEEDED_PINS[slug]!, 'right-after-lock')).toEqual({ ok: false, detail: 'pin_locked' });
    const r = await redeem(other, SEEDED_PINS[slug]!, 'other-guest');
    expect(r.ok).toBe(true);
    expect(r.value).toMatchObject({ ok: true, amount_minor: 100000, currency: 'VND' });
  });

  it('twenty wrong PINs across vouchers in 15 minutes lock the partner (a slower guess across vouchers)', async () => {
    const slug = 'saigon-saigon-rooftop-bar';
    const codes = await Promise.all(Array.from({ length: 5 }, () => giveVoucher(slug)));
    const details: string[] = [];
    for (const code of codes)
      for (let i = 0; i < 4; i++) details.push(String((await redeem(code, '222222', `${code}-${i}`)).value!.details));
    expect(details).toEqual(Array(20).fill('wrong_pin'));
    const next = await giveVoucher(slug);
    expect(await redeem(next, SEEDED_PINS[slug]!, 'after-20')).toEqual({ ok: false, detail: 'partner_locked' });
    // A new PIN set by the hotel clears the count.
    await asPersona(
      s.db,
      'moderatorA',
      (tx) => tx.query('select public.set_partner_pin($1, $2)', [partner[slug], SEEDED_PINS[slug]]),
      { commit: true },
    );
    expect((await redeem(next, SEEDED_PINS[slug]!, 'after-reset')).ok).toBe(true);
  });

  it('a PIN shorter than 6 digits is refused, by the RPC and by the table', async () => {
    const slug = 'lusine-dong-khoi';
    for (const pin of ['1234', '48219', '12345a', '1234567890123']) {
      expect(
        await asPersona(s.db, 'moderatorA', (tx) =>
          sqlError(tx.query('select public.set_partner_pin($1, $2)', [partner[slug], pin])),
        ),
      ).toMatchObject({
        code: 'P0001',
        detail: 'invalid_pin',
      });
    }
    expect(
      await asPersona(s.db, 'plain', async (tx) => {
        await asSuper(tx);
        return sqlError(
          tx.query(`update public.partner_pins set pin_length = 4 where activity_id = $1`, [partner[slug]]),
        );
      }),
    ).toMatchObject({ code: '23514' });
    // The seeded PIN still works, and a 4-digit guess is simply a wrong PIN.
    const code = await giveVoucher(slug);
    expect((await redeem(code, '8461', 'short')).value).toMatchObject({ details: 'wrong_pin' });
    expect((await redeem(code, SEEDED_PINS[slug]!, 'right')).ok).toBe(true);
  });

  it('every seeded Riverside partner has its own 6-digit PIN (and none is 1234)', async () => {
    const rows = await q<{ slug: string; ok: boolean; len: number; old: boolean }>(
      `select a.slug, extensions.crypt(p.pin, pp.pin_hash) = pp.pin_hash as ok, pp.pin_length as len,
              extensions.crypt('1234', pp.pin_hash) = pp.pin_hash as old
       from public.partner_pins pp join public.activities a on a.id = pp.activity_id
       join (select key as slug, value as pin from jsonb_each_text($1::jsonb)) p on p.slug = a.slug
       where a.customer_id = $2 order by a.slug`,
      [JSON.stringify(SEEDED_PINS), HOTEL_A],
    );
    expect(rows).toHaveLength(7);
    expect(rows.every((r) => r.ok && r.len === 6 && !r.old)).toBe(true);
    expect(new Set(Object.values(SEEDED_PINS)).size).toBe(7);
  });

  // ─── item 6: rewards that cannot be farmed ────────────────────────────────────
  describe('plays', () => {
    let jackpot: string;
    let hidden: string;

    beforeAll(async () => {
      // A scratch card where a voucher is all but certain (weight 1,000,000 against 1 for "nothing").
      jackpot = (
        await q<{ id: string }>(
          `insert into public.reward_campaigns (customer_id, kind) values ($1, 'scratch_card') returning id`,
          [HOTEL_A],
        )
      )[0]!.id;
      await q(
        `insert into public.reward_prizes (campaign_id, kind, label, activity_id, discount_pct, weight) values ($1, 'voucher', '{"en":"jackpot"}', $2, 50, 1000000)`,
        [jackpot, partner['secret-garden']],
      );
      await q(
        `insert into public.reward_prizes (campaign_id, kind, label, points, weight) values ($1, 'points', '{"en":"5 points"}', 5, 1)`,
        [jackpot],
      );
      hidden = (
        await q<{ id: string }>(
          `insert into public.reward_campaigns (customer_id, kind, daily_limit) values ($1, 'fortune_wheel', 5) returning id`,
          [HOTEL_B],
        )
      )[0]!.id;
      await q(
        `insert into public.reward_prizes (campaign_id, kind, label, points, weight) values ($1, 'points', '{"en":"10 points"}', 10, 1)`,
        [hidden],
      );
    });
    beforeEach(async () => {
      await q(`delete from private.reward_source_vouchers`).catch(() => undefined);
      await q(`update public.reward_prizes set stock = null where campaign_id = $1`, [jackpot]);
    });

    const vouchersOf = async (userIds: string[]) =>
      Number(
        (
          await q<{ n: number }>(`select count(*)::int as n from public.vouchers where user_id = any($1::uuid[])`, [
            userIds,
          ])
        )[0]!.n,
      );

    async function anonymousPlayer(): Promise<{ client: SupabaseClient; id: string }> {
      const client = s.anon();
      const { data, error } = await client.auth.signInAnonymously();
      expect(error).toBeNull();
      return { client, id: data.user!.id };
    }

    it('ten anonymous sign-ins from one client win no voucher (each still plays and gets the other prize)', async () => {
      const players = [];
      for (let i = 0; i < 10; i++) players.push(await anonymousPlayer());
      const outcomes = [];
      for (const [i, p] of players.entries()) {
        const { data, error } = await p.client.rpc('play_reward', {
          p_campaign_id: jackpot,
          p_idempotency_key: `anon-${i}`,
        });
        expect(error).toBeNull();
        outcomes.push((data as { prize_kind: string }).prize_kind);
      }
      expect(new Set(players.map((p) => p.id)).size).toBe(10);
      expect(outcomes).toEqual(Array(10).fill('points'));
      expect(await vouchersOf(players.map((p) => p.id))).toBe(0);
    });

    it('confirmed accounts from one network source win at most 10 vouchers a hotel day', async () => {
      const service = s.service();
      const ids: string[] = [];
      const outcomes: string[] = [];
      for (let i = 0; i < 12; i++) {
        const email = `farmer-${backend}-${i}@example.test`;
        const { data, error } = await service.auth.admin.createUser({
          email,
          password: 'farm-pass-123',
          email_confirm: true,
        });
        expect(error).toBeNull();
        ids.push(data.user!.id);
        const c = s.anon();
        expect((await c.auth.signInWithPassword({ email, password: 'farm-pass-123' })).error).toBeNull();
        const r = await c.rpc('play_reward', { p_campaign_id: jackpot, p_idempotency_key: `farm-${i}` });
        expect(r.error).toBeNull();
        outcomes.push((r.data as { prize_kind: string }).prize_kind);
      }
      expect(outcomes).toEqual([...Array(10).fill('voucher'), 'points', 'points']);
      expect(await vouchersOf(ids)).toBe(10);
    });

    it.runIf(backend === 'postgres')(
      '20 concurrent plays (20 connections) from one source: anonymous win none, confirmed exactly 10',
      async () => {
        const base = '00000000-0000-4000-f000-';
        const id = (i: number) => base + String(i).padStart(12, '0');
        await q(
          `insert into auth.users (instance_id, id, aud, role, is_anonymous, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
         select '00000000-0000-0000-0000-000000000000', ($1 || lpad(g::text, 12, '0'))::uuid, 'authenticated', 'authenticated',
                g > 20, case when g <= 20 then 'racer' || g || '@example.test' end, case when g <= 20 then now() end, '{}', '{}', now(), now()
         from generate_series(1, 40) g`,
          [base],
        );
        const race = (users: number[]) =>
          raceOnPostgres<Record<string, unknown>>(
            s.dbUrl!,
            users.map((u) => ({
              prepare: impersonate({
                role: 'authenticated',
                'request.jwt.claims': JSON.stringify({ ...claimsFor('guest'), sub: id(u), is_anonymous: u > 20 }),
                'request.headers': JSON.stringify({ 'x-real-ip': '203.0.113.7' }),
              }),
              sql: 'select public.play_reward($1, $2) as r',
              params: [jackpot, `race-${u}`],
            })),
          );
        const anonymous = await race(Array.from({ length: 20 }, (_, i) => 21 + i));
        expect(anonymous.filter((r) => r.ok)).toHaveLength(20);
        expect(anonymous.filter((r) => r.value?.prize_kind === 'voucher')).toHaveLength(0);
        const confirmed = await race(Array.from({ length: 20 }, (_, i) => 1 + i));
        expect(confirmed.filter((r) => r.ok)).toHaveLength(20);
        expect(confirmed.filter((r) => r.value?.prize_kind === 'voucher')).toHaveLength(10);
        expect(await vouchersOf(Array.from({ length: 40 }, (_, i) => id(i + 1)))).toBe(10);
      },
    );

    it('a campaign of a hotel whose map is not public cannot be played', async () => {
      await q('update public.customers set is_public = false where id = $1', [HOTEL_B]);
      try {
        const err = await asPersona(s.db, 'guest', (tx) =>
          sqlError(tx.query('select public.play_reward($1, $2)', [hidden, 'hidden-1'])),
        );
        expect(err).toMatchObject({ code: 'P0001', detail: 'campaign_inactive' });
        expect(await q('select count(*)::int as n from public.reward_plays where campaign_id = $1', [hidden])).toEqual([
          { n: 0 },
        ]);
      } finally {
        await q('update public.customers set is_public = true where id = $1', [HOTEL_B]);
      }
    });

    it("the day is the hotel's day: its time zone decides the play day and when the limit resets", async () => {
      const card = (
        await q<{ id: string }>(
          `insert into public.reward_campaigns (customer_id, kind) values ($1, 'scratch_card') returning id`,
          [HOTEL_B],
        )
      )[0]!.id;
      await q(
        `insert into public.reward_prizes (campaign_id, kind, label, points, weight) values ($1, 'points', '{"en":"1 point"}', 1, 1)`,
        [card],
      );
      const play = (key: string) =>
        asPersona(
          s.db,
          'plain',
          async (tx) =>
            (await tx.query<{ r: { play_id: string } }>('select public.play_reward($1, $2) as r', [card, key])).rows[0]!
              .r,
          { commit: true },
        ).catch((e: { detail?: string }) => ({ detail: e.detail }));
      // Pago Pago (UTC−11) and Kiritimati (UTC+14) are 25 hours apart: never the same date.
      await q(`update public.customers set time_zone = 'Pacific/Pago_Pago' where id = $1`, [HOTEL_B]);
      expect(await play('tz-1')).toHaveProperty('play_id');
      expect(await play('tz-2')).toEqual({ detail: 'daily_limit' });
      await q(`update public.customers set time_zone = 'Pacific/Kiritimati' where id = $1`, [HOTEL_B]);
      expect(await play('tz-3')).toHaveProperty('play_id');
      const days = await q<{ ok: boolean }>(
        `select bool_and(p.play_day = case p.idempotency_key when 'tz-1' then (now() at time zone 'Pacific/Pago_Pago')::date
                                                              else (now() at time zone 'Pacific/Kiritimati')::date end) as ok, count(*)::int as n
         from public.reward_plays p where p.campaign_id = $1`,
        [card],
      );
      expect(days).toEqual([{ ok: true, n: 2 }]);
      await q(`update public.customers set time_zone = 'Asia/Ho_Chi_Minh' where id = $1`, [HOTEL_B]);
      // A time zone that does not exist is refused.
      expect(
        await sqlError(s.db.query(`update public.customers set time_zone = 'Mars/Olympus' where id = $1`, [HOTEL_B])),
      ).toMatchObject({ code: '23514' });
    });
  });

  // ─── races on PostgreSQL ──────────────────────────────────────────────────────
  it.runIf(backend === 'postgres')(
    '20 concurrent wrong PINs on one voucher (20 connections) count exactly 5; on 10 vouchers the partner stops at 20',
    async () => {
      // A redemption answers ok: false in its result (wrong PIN, locked) without raising: ok is the result's.
      const race = async (codes: string[], pin: string): Promise<Answer[]> =>
        (
          await raceOnPostgres<Record<string, unknown>>(
            s.dbUrl!,
            codes.map((code, i) => ({
              prepare: impersonate({ role: 'anon', 'request.jwt.claims': JSON.stringify(claimsFor('anon')) }),
              sql: `select public.redeem_voucher($1, $2, 100000, 'VND', $3) as r`,
              params: [code, pin, `race-${i}-${code}`],
            })),
          )
        ).map((a) => (a.ok ? { ok: a.value!.ok === true, value: a.value } : { ok: false, detail: a.detail }));
      const failures = async (where: string, params: unknown[]) =>
        Number(
          (
            await q<{ n: number }>(`select count(*)::int as n from private.partner_pin_failures where ${where}`, params)
          )[0]!.n,
        );

      const spa = 'miu-miu-spa';
      const one = await giveVoucher(spa);
      const a = await race(Array(20).fill(one), '999999');
      expect(a.filter((r) => r.value?.details === 'wrong_pin')).toHaveLength(5);
      expect(a.filter((r) => r.detail === 'pin_locked')).toHaveLength(15);
      expect(await failures('voucher_id = (select id from public.vouchers where code = $1)', [one])).toBe(5);

      // 5 wrong already at this partner; 20 guesses at once on 10 fresh vouchers: the partner stops at 20.
      const ten = await Promise.all(Array.from({ length: 10 }, () => giveVoucher(spa)));
      const b = await race([...ten, ...ten], '999999');
      expect(b.filter((r) => r.value?.details === 'wrong_pin')).toHaveLength(15);
      expect(b.filter((r) => r.detail === 'partner_locked')).toHaveLength(5);
      expect(await failures('activity_id = $1', [partner[spa]])).toBe(20);
    },
  );
});
