// Issue 41, items 1 and 5: replayed idempotency keys are not fresh PIN guesses, and one key is one request.
// On PGlite and PostgreSQL 15, as partner staff (anon, the PIN authenticates) and hotel moderators call the RPCs:
// - a key replayed with other PINs is counted like any other try (5 per voucher, 20 per partner in 15 minutes),
//   through redeem_voucher and through redeem_voucher_open_till; the very same refused PIN sent again (a check
//   after a lost answer) is answered as before and not counted; the honest retry with the right PIN redeems;
// - amount, currency and the voucher's state are answered before the PIN, the same for a right and a wrong one;
// - a replay with another body (amount, currency, voucher, partner) is refused with HTTP 422
//   `idempotency_conflict`, never answered ok; a key belongs to its caller (user, till, or the partner whose PIN
//   authenticates an anonymous till), so another caller's key neither conflicts nor tells anything;
// - on PostgreSQL, 20 connections replaying one key at once count exactly as the limits say.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { impersonate, race as raceOnPostgres } from '@guestmap/local-stack/testing/race.ts';
import { BACKENDS, startTestStack, stopPgServer, type TestStack } from '@guestmap/local-stack/testing/stack.ts';
import {
  HOTEL_A,
  HOTEL_B,
  USERS,
  asPersona,
  partnerIds,
  claimsFor,
  voucherCodes,
  type PersonaName,
} from '../database/support.ts';

afterAll(stopPgServer);

const PINS = {
  'pasteur-street-brewing': '381924',
  'secret-garden': '502817',
  'vespa-adventures': '719352',
  'mekong-delta-day-trip': '130578',
} as const;
type Slug = keyof typeof PINS;
const newCode = voucherCodes('RPLAYZ');
/** `n` different 6-digit PINs, none of them a seeded one. */
const guesses = (n: number, from = 100000) => Array.from({ length: n }, (_, i) => String(from + i * 7));

interface Answer {
  ok: boolean;
  value?: Record<string, unknown>;
  code?: string;
  detail?: string;
}

describe.each(BACKENDS)('replayed keys on %s', (backend) => {
  let s: TestStack;
  const partner: Record<string, string> = {};
  const q = async <T extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
    (await s.db.query<T>(sql, params)).rows;

  beforeAll(async () => {
    s = await startTestStack(backend);
    Object.assign(partner, await partnerIds(s.db, [HOTEL_A, HOTEL_B]));
  });
  afterAll(async () => {
    await s?.stop();
  });

  /** A fresh voucher of the partner; the partner's wrong-PIN counts start from zero. */
  async function freshVoucher(slug: Slug): Promise<string> {
    await q('delete from private.partner_pin_failures where activity_id = $1', [partner[slug]]);
    const code = newCode();
    await q(
      `insert into public.vouchers (code, user_id, customer_id, activity_id, discount_pct, issued_at, expires_at)
       values ($1, $2, $3, $4, 10, now() - interval '1 day', now() + interval '10 days')`,
      [code, USERS.guest, HOTEL_A, partner[slug]],
    );
    return code;
  }

  /** One call, committed as a real request would be, as the persona. */
  const call = (sql: string, params: unknown[], persona: PersonaName = 'anon'): Promise<Answer> =>
    asPersona(
      s.db,
      persona,
      async (tx) => {
        const r = (await tx.query<{ r: Record<string, unknown> }>(sql, params)).rows[0]!.r;
        return { ok: r.ok === true, value: r };
      },
      { commit: true },
    ).catch((e: { code?: string; detail?: string }) => ({ ok: false, code: e.code, detail: e.detail }));
  const redeem = (code: string, pin: string | null, key: string, amount = 100000, currency: string | null = 'VND') =>
    call(`select public.redeem_voucher($1, $2, $3, $4, $5) as r`, [code, pin, amount, currency, key]);
  const openTill = (code: string, pin: string, key: string, amount = 100000, currency: string | null = 'VND') =>
    call(`select public.redeem_voucher_open_till($1, $2, $3, $4, $5) as r`, [code, pin, amount, currency, key]);
  const atTill = (code: string, token: string, key: string, amount = 80000) =>
    call(`select public.redeem_voucher_at_till($1, $2, $3, 'VND', $4) as r`, [code, token, amount, key]);
  const record = (
    persona: PersonaName,
    customer: string,
    slug: string,
    amount: number,
    key: string,
    currency = 'VND',
  ) =>
    call(
      `select public.record_partner_transaction($1, $2, $3, $4, $5) as r`,
      [customer, partner[slug], amount, currency, key],
      persona,
    );

  const failures = async (code: string) =>
    (
      await q<{ n: number }>(
        `select count(*)::int as n from private.partner_pin_failures where voucher_id = (select id from public.vouchers where code = $1)`,
        [code],
      )
    )[0]!.n;
  const used = async (code: string) =>
    (
      await q<{ used: boolean; tx: number }>(
        `select v.redeemed_at is not null as used,
                (select count(*)::int from public.partner_transactions t where t.voucher_id = v.id) as tx
         from public.vouchers v where v.code = $1`,
        [code],
      )
    )[0];
  const tills = async (slug: Slug) =>
    (
      await q<{ n: number }>('select count(*)::int as n from private.partner_tills where activity_id = $1', [
        partner[slug],
      ])
    )[0]!.n;
  /** What a caller reads of an answer: its code, or ok with the refusal's details. */
  const said = (a: Answer) => (a.ok ? 'ok' : (a.detail ?? String(a.value?.details)));

  // ─── item 1: no PIN guessing through a replayed key ───────────────────────────
  it('one key replayed with 94 PINs evaluates 5 wrong ones at most: then even the right PIN is locked out', async () => {
    const code = await freshVoucher('pasteur-street-brewing');
    const answers: string[] = [];
    for (const pin of guesses(93)) answers.push(said(await redeem(code, pin, 'one-key')));
    const right = await redeem(code, PINS['pasteur-street-brewing'], 'one-key');
    expect(answers.slice(0, 5)).toEqual(Array(5).fill('wrong_pin'));
    expect(new Set(answers.slice(5))).toEqual(new Set(['pin_locked']));
    expect(said(right)).toBe('pin_locked');
    expect(await failures(code)).toBe(5);
    expect(await used(code)).toEqual({ used: false, tx: 0 });
  });

  it('94 PINs under 94 keys: the same five, then locked', async () => {
    const code = await freshVoucher('pasteur-street-brewing');
    const answers: string[] = [];
    for (const [i, pin] of guesses(93).entries()) answers.push(said(await redeem(code, pin, `many-${i}`)));
    const right = await redeem(code, PINS['pasteur-street-brewing'], 'many-right');
    expect(answers.slice(0, 5)).toEqual(Array(5).fill('wrong_pin'));
    expect(new Set(answers.slice(5))).toEqual(new Set(['pin_locked']));
    expect(said(right)).toBe('pin_locked');
    expect(await failures(code)).toBe(5);
  });

  it('the same refused PIN checked again (a lost answer) is answered as before, uncounted; the right PIN then redeems', async () => {
    const code = await freshVoucher('secret-garden');
    const first = await redeem(code, '111111', 'lost-answer');
    expect(first.value).toEqual({ ok: false, details: 'wrong_pin', attempts_left: 4 });
    expect((await redeem(code, '111111', 'lost-answer')).value).toEqual(first.value);
    expect((await redeem(code, '111111', 'lost-answer')).value).toEqual(first.value);
    expect(await failures(code)).toBe(1);
    // Another PIN under that key is another try: counted.
    expect((await redeem(code, '222222', 'lost-answer')).value).toEqual({
      ok: false,
      details: 'wrong_pin',
      attempts_left: 3,
    });
    expect(await failures(code)).toBe(2);
    // The staff retype the right PIN (same voucher, same amount, so the page reuses the key): it redeems.
    const right = await redeem(code, PINS['secret-garden'], 'lost-answer');
    expect(right.value).toMatchObject({ ok: true, amount_minor: 100000, currency: 'VND' });
    expect(await used(code)).toEqual({ used: true, tx: 1 });
    // Its check afterwards answers the redemption.
    expect((await redeem(code, PINS['secret-garden'], 'lost-answer')).value).toEqual(right.value);
  });

  it('amount, currency and state are answered before the PIN: the same for the right and a wrong one, nothing counted', async () => {
    const code = await freshVoucher('vespa-adventures');
    const pin = PINS['vespa-adventures'];
    const cases: [number, string | null, string][] = [
      [0, 'VND', 'invalid_amount'],
      [-5, 'VND', 'invalid_amount'],
      [10_000_000_000_000, 'VND', 'invalid_amount'],
      [100000, 'ZZZ', 'invalid_currency'],
      [100000, null, 'invalid_currency'],
    ];
    for (const [i, [amount, currency, expected]] of cases.entries()) {
      for (const [j, fn] of [redeem, openTill].entries()) {
        const withRight = await fn(code, pin, `invalid-${i}-${j}-r`, amount, currency);
        const withWrong = await fn(code, '999999', `invalid-${i}-${j}-w`, amount, currency);
        expect([said(withRight), said(withWrong)]).toEqual([expected, expected]);
      }
    }
    expect(await failures(code)).toBe(0);
    expect(await tills('vespa-adventures')).toBe(0);
    expect(await used(code)).toEqual({ used: false, tx: 0 });
    // A used voucher: its state, whatever PIN.
    expect((await redeem(code, pin, 'state-ok')).ok).toBe(true);
    expect([said(await redeem(code, pin, 'state-1')), said(await redeem(code, '999999', 'state-2'))]).toEqual([
      'voucher_used',
      'voucher_used',
    ]);
    expect(await failures(code)).toBe(0);
  });

  it('opening a till: a replayed key evaluates and counts every PIN, and never opens a till without the right one', async () => {
    const slug = 'mekong-delta-day-trip';
    await q('delete from private.partner_tills where activity_id = $1', [partner[slug]]);
    const code = await freshVoucher(slug);
    const answers: string[] = [];
    for (const pin of guesses(10, 300000)) answers.push(said(await openTill(code, pin, 'till-key')));
    const right = await openTill(code, PINS[slug], 'till-key');
    expect(answers).toEqual([...Array(5).fill('wrong_pin'), ...Array(5).fill('pin_locked')]);
    expect(said(right)).toBe('pin_locked');
    expect(await failures(code)).toBe(5);
    expect(await tills(slug)).toBe(0);

    // A till opened; its key sent again with a wrong PIN opens none and counts; with the right PIN (the first
    // token never arrived) it opens a new one and answers the same redemption.
    const other = await freshVoucher(slug);
    const opened = await openTill(other, PINS[slug], 'till-ok');
    expect(opened.value).toMatchObject({ ok: true, till_token: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(await tills(slug)).toBe(1);
    expect((await openTill(other, '424242', 'till-ok')).value).toEqual({
      ok: false,
      details: 'wrong_pin',
      attempts_left: 4,
    });
    expect(await failures(other)).toBe(1);
    expect(await tills(slug)).toBe(1);
    const again = await openTill(other, PINS[slug], 'till-ok');
    expect(again.value).toMatchObject({ ok: true, transaction_id: opened.value!.transaction_id });
    expect(again.value!.till_token).not.toBe(opened.value!.till_token);
    expect(await tills(slug)).toBe(2);
    expect(await used(other)).toEqual({ used: true, tx: 1 });
  });

  // ─── item 5: one key, one request ─────────────────────────────────────────────
  it('a redemption replayed with another body answers HTTP 422 idempotency_conflict, never ok', async () => {
    const code = await freshVoucher('secret-garden');
    const sibling = await freshVoucher('secret-garden');
    const pin = PINS['secret-garden'];
    const http = (body: Record<string, unknown>) =>
      s.anon().rpc('redeem_voucher', {
        p_code: code,
        p_pin: pin,
        p_amount_minor: 100000,
        p_currency: 'VND',
        p_idempotency_key: 'http-key',
        ...body,
      });
    const first = await http({});
    expect(first.error).toBeNull();
    expect((first.data as { ok: boolean }).ok).toBe(true);
    for (const body of [{ p_amount_minor: 200000 }, { p_currency: 'USD', p_amount_minor: 1000 }, { p_code: sibling }]) {
      const r = await http(body);
      expect({ status: r.status, details: r.error?.details, data: r.data }).toEqual({
        status: 422,
        details: 'idempotency_conflict',
        data: null,
      });
    }
    // The very same request: the first answer. The PIN is the caller's credential, not part of the request:
    // a replay of a redemption that went through answers it without evaluating any PIN.
    expect((await http({})).data).toEqual(first.data);
    expect((await http({ p_pin: '000000' })).data).toEqual(first.data);
    expect(await used(code)).toEqual({ used: true, tx: 1 });
    expect(await used(sibling)).toEqual({ used: false, tx: 0 });
    expect(await failures(code)).toBe(0);
  });

  it('a till redemption and a typed sale replayed with another body are refused (422); the same body answers the first', async () => {
    const slug = 'vespa-adventures';
    const opened = await openTill(await freshVoucher(slug), PINS[slug], 'open-for-5');
    const token = String(opened.value!.till_token);
    const code = await freshVoucher(slug);
    const first = await atTill(code, token, 'till-body');
    expect(first.ok).toBe(true);
    expect(await atTill(code, token, 'till-body', 90000)).toEqual({
      ok: false,
      code: 'PT422',
      detail: 'idempotency_conflict',
    });
    expect((await atTill(code, token, 'till-body')).value).toEqual(first.value);

    const sale = await record('moderatorA', HOTEL_A, 'secret-garden', 150000, 'typed-body');
    expect(sale.ok).toBe(true);
    for (const [slug2, amount, currency] of [
      ['secret-garden', 160000, 'VND'],
      ['secret-garden', 1500, 'USD'],
      ['pasteur-street-brewing', 150000, 'VND'],
    ] as const)
      expect(await record('moderatorA', HOTEL_A, slug2, amount, 'typed-body', currency)).toEqual({
        ok: false,
        code: 'PT422',
        detail: 'idempotency_conflict',
      });
    expect((await record('moderatorA', HOTEL_A, 'secret-garden', 150000, 'typed-body')).value).toEqual(sale.value);
    expect(
      (
        await q<{ n: number }>(
          `select count(*)::int as n from public.partner_transactions where idempotency_key = 'typed-body'`,
        )
      )[0]!.n,
    ).toBe(1);
  });

  it("keys belong to their caller: another hotel's, user's, till's or partner's key neither conflicts nor answers", async () => {
    // Two hotels' moderators, one key: two sales, each its own.
    const a = await record('moderatorA', HOTEL_A, 'secret-garden', 120000, 'everyone-uses-1');
    const bSlug = (
      await q<{ slug: string }>(
        `select slug from public.activities where customer_id = $1 and is_partner order by slug limit 1`,
        [HOTEL_B],
      )
    )[0]!.slug;
    const b = await record('moderatorB', HOTEL_B, bSlug!, 120000, 'everyone-uses-1');
    expect([a.ok, b.ok]).toEqual([true, true]);
    expect(b.value!.transaction_id).not.toBe(a.value!.transaction_id);
    expect(b.value!.customer_id).toBe(HOTEL_B);
    // An administrator sending hotel A's moderator's key with the same body: the administrator's own sale.
    const admin = await record('admin', HOTEL_A, 'secret-garden', 120000, 'everyone-uses-1');
    expect(admin.ok).toBe(true);
    expect(admin.value!.transaction_id).not.toBe(a.value!.transaction_id);

    // Two partners' tills (no account: the PIN authenticates the partner), one key: two redemptions.
    const x = await redeem(await freshVoucher('pasteur-street-brewing'), PINS['pasteur-street-brewing'], 'till-1');
    const y = await redeem(await freshVoucher('secret-garden'), PINS['secret-garden'], 'till-1');
    expect([x.ok, y.ok]).toEqual([true, true]);
    // A key a hotel's moderator typed a sale under is not a redemption's key.
    const z = await redeem(await freshVoucher('secret-garden'), PINS['secret-garden'], 'everyone-uses-1');
    expect(z.ok).toBe(true);
  });

  // ─── races on PostgreSQL ──────────────────────────────────────────────────────
  it.runIf(backend === 'postgres')(
    '20 connections replay one refused key with 20 other PINs at once: exactly 5 wrong PINs are evaluated',
    async () => {
      const code = await freshVoucher('pasteur-street-brewing');
      expect(said(await redeem(code, '555555', 'race-key'))).toBe('wrong_pin');
      const results = await raceOnPostgres<Record<string, unknown>>(
        s.dbUrl!,
        guesses(20, 600000).map((pin) => ({
          prepare: impersonate({ role: 'anon', 'request.jwt.claims': JSON.stringify(claimsFor('anon')) }),
          sql: `select public.redeem_voucher($1, $2, 100000, 'VND', 'race-key') as r`,
          params: [code, pin],
        })),
      );
      const answers = results.map((r) => (r.ok ? String(r.value?.details) : r.detail));
      expect(answers.filter((a) => a === 'wrong_pin')).toHaveLength(4);
      expect(answers.filter((a) => a === 'pin_locked')).toHaveLength(16);
      expect(await failures(code)).toBe(5);
    },
  );

  it.runIf(backend === 'postgres')(
    '20 connections send one key with two bodies at once: one sale; its body answers it, the other 422',
    async () => {
      const results = await raceOnPostgres<Record<string, unknown>>(
        s.dbUrl!,
        Array.from({ length: 20 }, (_, i) => ({
          prepare: impersonate({
            role: 'authenticated',
            'request.jwt.claims': JSON.stringify(claimsFor('moderatorA')),
          }),
          sql: `select public.record_partner_transaction($1, $2, $3, 'VND', 'race-two-bodies') as r`,
          params: [HOTEL_A, partner['secret-garden'], i % 2 ? 70000 : 90000],
        })),
      );
      const rows = await q<{ id: string; amount_minor: string }>(
        `select id::text, amount_minor::text from public.partner_transactions where idempotency_key = 'race-two-bodies'`,
      );
      expect(rows).toHaveLength(1);
      const winner = Number(rows[0]!.amount_minor);
      for (const [i, r] of results.entries()) {
        if ((i % 2 ? 70000 : 90000) === winner)
          expect(r.value).toMatchObject({ ok: true, transaction_id: rows[0]!.id });
        else expect({ code: r.code, detail: r.detail }).toEqual({ code: 'PT422', detail: 'idempotency_conflict' });
      }
    },
  );
});
