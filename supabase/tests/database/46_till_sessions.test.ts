// Till sessions (issue 31): the partner's PIN is checked by bcrypt once a shift (redeem_voucher_open_till),
// later redemptions at that till send a token instead (redeem_voucher_at_till, no bcrypt). On PGlite and
// PostgreSQL 15, as partner staff (anon) call them: a wrong, expired, revoked (PIN changed), signed-out or
// another partner's token redeems nothing and counts no wrong PIN; the PIN's limits are those of redeem_voucher;
// on PostgreSQL, 20 concurrent redemptions of one voucher with one till token make exactly one transaction.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { impersonate, race as raceOnPostgres } from '@guestmap/local-stack/testing/race.ts';
import { BACKENDS, startTestStack, stopPgServer, type TestStack } from '@guestmap/local-stack/testing/stack.ts';
import { HOTEL_A, USERS, asPersona, become, claimsFor, sqlError } from './support.ts';

afterAll(stopPgServer);

const SEEDED_PINS: Record<string, string> = {
  'pasteur-street-brewing': '381924',
  'miu-miu-spa': '264093',
  'vespa-adventures': '719352',
  'secret-garden': '502817',
};
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
let codeCounter = 0;
const newCode = () => {
  let n = ++codeCounter;
  let tail = '';
  for (let i = 0; i < 4; i++) {
    tail = ALPHABET[n % 32] + tail;
    n = Math.floor(n / 32);
  }
  return 'TXLLZZ' + tail;
};

interface Answer {
  ok: boolean;
  value?: Record<string, unknown>;
  detail?: string;
}

function setUp(backend: (typeof BACKENDS)[number]) {
  const ctx = { s: undefined as unknown as TestStack, partner: {} as Record<string, string> };
  beforeAll(async () => {
    ctx.s = await startTestStack(backend);
    for (const r of (
      await ctx.s.db.query<{ slug: string; id: string }>(
        `select slug, id::text from public.activities where customer_id = $1 and is_partner`,
        [HOTEL_A],
      )
    ).rows) {
      ctx.partner[r.slug] = r.id;
    }
  });
  afterAll(async () => {
    await ctx.s?.stop();
  });
  return ctx;
}

describe.each(BACKENDS)('till sessions on %s', (backend) => {
  const ctx = setUp(backend);
  const q = async <T extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
    (await ctx.s.db.query<T>(sql, params)).rows;

  async function giveVoucher(slug: string): Promise<string> {
    const code = newCode();
    await q(
      `insert into public.vouchers (code, user_id, customer_id, activity_id, discount_pct, issued_at, expires_at)
       values ($1, $2, $3, $4, 10, now() - interval '1 day', now() + interval '10 days')`,
      [code, USERS.guest, HOTEL_A, ctx.partner[slug]],
    );
    return code;
  }

  /** One call as partner staff at the till (anon, committed like a real request). */
  const call = (sql: string, params: unknown[]): Promise<Answer> =>
    asPersona(
      ctx.s.db,
      'anon',
      async (tx) => {
        const r = (await tx.query<{ r: unknown }>(sql, params)).rows[0]!.r;
        const value = (typeof r === 'object' && r ? r : { value: r }) as Record<string, unknown>;
        return { ok: value.ok === true || typeof r === 'boolean', value };
      },
      { commit: true },
    ).catch((e: { detail?: string }) => ({ ok: false, detail: e.detail }));
  const open = (code: string, pin: string, key: string) =>
    call(`select public.redeem_voucher_open_till($1, $2, 100000, 'VND', $3) as r`, [code, pin, key]);
  const atTill = (code: string, token: string | null, key: string) =>
    call(`select public.redeem_voucher_at_till($1, $2, 80000, 'VND', $3) as r`, [code, token, key]);
  /** Miu Miu Spa has a staff account (partner@demo.test): only its staff change its PIN (issue 41). */
  const setPinAsStaff = (activityId: string, pin: string) =>
    asPersona(
      ctx.s.db,
      'plain',
      async (tx) => {
        await become(tx, { sub: USERS.partner });
        await tx.query('select public.set_partner_pin($1, $2)', [activityId, pin]);
      },
      { commit: true },
    );
  const withPin = (code: string, pin: string, key: string) =>
    call(`select public.redeem_voucher($1, $2, 100000, 'VND', $3) as r`, [code, pin, key]);

  /** Opens a till of the partner by redeeming a fresh voucher with its PIN. */
  const openTill = async (slug: string): Promise<string> => {
    const r = await open(await giveVoucher(slug), SEEDED_PINS[slug]!, `open-${newCode()}`);
    expect(r.ok).toBe(true);
    return String(r.value!.till_token);
  };
  const redeemed = async (code: string) =>
    (
      await q<{ used: boolean; tx: number }>(
        `select v.redeemed_at is not null as used, (select count(*)::int from public.partner_transactions t where t.voucher_id = v.id) as tx
         from public.vouchers v where v.code = $1`,
        [code],
      )
    )[0];
  const failures = async (slug: string) =>
    (
      await q<{ n: number }>(`select count(*)::int as n from private.partner_pin_failures where activity_id = $1`, [
        ctx.partner[slug],
      ])
    )[0]!.n;

  it('the PIN opens a till once: it redeems, returns a 32-byte token once and keeps only its SHA-256', async () => {
    const code = await giveVoucher('pasteur-street-brewing');
    const r = await open(code, SEEDED_PINS['pasteur-street-brewing']!, 'open-1');
    expect(r.value).toMatchObject({
      ok: true,
      amount_minor: 100000,
      activity_id: ctx.partner['pasteur-street-brewing'],
    });
    const token = String(r.value!.till_token);
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    const hours = (Date.parse(String(r.value!.till_expires_at)) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(11.9);
    expect(hours).toBeLessThanOrEqual(12);
    expect(await redeemed(code)).toEqual({ used: true, tx: 1 });
    const stored = await q<{ sha: string; raw: number }>(
      `select encode(token_sha256, 'hex') as sha,
              (select count(*)::int from private.partner_tills t2 where encode(t2.token_sha256, 'hex') = $1) as raw
       from private.partner_tills where token_sha256 = extensions.digest(decode($1, 'hex'), 'sha256')`,
      [token],
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]!.raw).toBe(0);
    // The next guest of the shift: no PIN.
    const next = await giveVoucher('pasteur-street-brewing');
    const at = await atTill(next, token, 'at-1');
    expect(at.value).toMatchObject({ ok: true, amount_minor: 80000 });
    expect(at.value).not.toHaveProperty('till_token');
    expect(await redeemed(next)).toEqual({ used: true, tx: 1 });
  });

  it('a wrong PIN opens no till and counts as with redeem_voucher', async () => {
    const code = await giveVoucher('vespa-adventures');
    const before = await failures('vespa-adventures');
    const r = await open(code, '000000', 'open-wrong');
    expect(r.value).toEqual({ ok: false, details: 'wrong_pin', attempts_left: 4 });
    expect(await failures('vespa-adventures')).toBe(before + 1);
    // The same key again (a lost answer checked): the same answer, counted once, as redeem_voucher.
    expect((await open(code, '000000', 'open-wrong')).value).toEqual({
      ok: false,
      details: 'wrong_pin',
      attempts_left: 4,
    });
    expect(await failures('vespa-adventures')).toBe(before + 1);
    expect(
      (await q(`select 1 from private.partner_tills where activity_id = $1`, [ctx.partner['vespa-adventures']])).length,
    ).toBe(0);
    expect(await redeemed(code)).toEqual({ used: false, tx: 0 });
  });

  it('five wrong PINs lock the voucher through open_till too (pin_locked), as through redeem_voucher', async () => {
    const code = await giveVoucher('vespa-adventures');
    const left: unknown[] = [];
    for (let i = 0; i < 3; i++) left.push((await open(code, '111111', `lock-o${i}`)).value!.attempts_left);
    for (let i = 0; i < 2; i++) left.push((await withPin(code, '111111', `lock-p${i}`)).value!.attempts_left);
    expect(left).toEqual([4, 3, 2, 1, 0]);
    expect(await open(code, SEEDED_PINS['vespa-adventures']!, 'lock-right')).toEqual({
      ok: false,
      detail: 'pin_locked',
    });
    expect(await redeemed(code)).toEqual({ used: false, tx: 0 });
  });

  it('a wrong or malformed token is refused as signed out, redeems nothing and counts no wrong PIN', async () => {
    const code = await giveVoucher('secret-garden');
    const before = await failures('secret-garden');
    for (const [i, token] of ['0'.repeat(64), 'f'.repeat(63), 'not a token', '', null].entries()) {
      expect(await atTill(code, token, `bad-${i}`)).toEqual({ ok: false, detail: 'till_signed_out' });
    }
    // 30 refusals: the partner's PIN limit (20 wrong PINs) is not touched.
    for (let i = 0; i < 30; i++) await atTill(code, 'a'.repeat(64), `many-${i}`);
    expect(await failures('secret-garden')).toBe(before);
    expect(await redeemed(code)).toEqual({ used: false, tx: 0 });
    expect((await withPin(code, SEEDED_PINS['secret-garden']!, 'after-refusals')).ok).toBe(true);
  });

  it('an expired till is refused as signed out and redeems nothing', async () => {
    const token = await openTill('miu-miu-spa');
    await q(
      `update private.partner_tills set expires_at = now() - interval '1 second'
             where token_sha256 = extensions.digest(decode($1, 'hex'), 'sha256')`,
      [token],
    );
    const code = await giveVoucher('miu-miu-spa');
    expect(await atTill(code, token, 'expired')).toEqual({ ok: false, detail: 'till_signed_out' });
    expect(await redeemed(code)).toEqual({ used: false, tx: 0 });
  });

  it("a new PIN revokes the partner's tills: refused as signed out, the new PIN opens a new one", async () => {
    const slug = 'miu-miu-spa';
    const token = await openTill(slug);
    const code = await giveVoucher(slug);
    await setPinAsStaff(ctx.partner[slug]!, '918273');
    expect(await atTill(code, token, 'revoked')).toEqual({ ok: false, detail: 'till_signed_out' });
    expect(await redeemed(code)).toEqual({ used: false, tx: 0 });
    expect((await q(`select 1 from private.partner_tills where activity_id = $1`, [ctx.partner[slug]])).length).toBe(0);
    // Even a till row left under the old hash (the trigger aside) is refused: the check is the current hash.
    await q(
      `insert into private.partner_tills (token_sha256, activity_id, pin_hash, expires_at)
       values (extensions.digest(decode($1, 'hex'), 'sha256'), $2, 'old-hash', now() + interval '1 hour')`,
      ['b'.repeat(64), ctx.partner[slug]],
    );
    expect(await atTill(code, 'b'.repeat(64), 'revoked-2')).toEqual({ ok: false, detail: 'till_signed_out' });
    const reopened = await open(code, '918273', 'reopen');
    expect(reopened.ok).toBe(true);
    expect((await atTill(await giveVoucher(slug), String(reopened.value!.till_token), 'reopened')).ok).toBe(true);
    await setPinAsStaff(ctx.partner[slug]!, SEEDED_PINS[slug]!);
  });

  it('a signed-out till is refused and signing out twice answers false', async () => {
    const token = await openTill('pasteur-street-brewing');
    expect((await call('select public.close_till($1) as r', [token])).value).toEqual({ value: true });
    const code = await giveVoucher('pasteur-street-brewing');
    expect(await atTill(code, token, 'signed-out')).toEqual({ ok: false, detail: 'till_signed_out' });
    expect(await redeemed(code)).toEqual({ used: false, tx: 0 });
    expect((await call('select public.close_till($1) as r', [token])).value).toEqual({ value: false });
  });

  it("another partner's till is refused for this partner's voucher and redeems nothing", async () => {
    const token = await openTill('pasteur-street-brewing');
    const code = await giveVoucher('secret-garden');
    expect(await atTill(code, token, 'other')).toEqual({ ok: false, detail: 'till_other_partner' });
    expect(await redeemed(code)).toEqual({ used: false, tx: 0 });
    // The till itself stays open for its own partner.
    expect((await atTill(await giveVoucher('pasteur-street-brewing'), token, 'own')).ok).toBe(true);
  });

  it("keys as redeem_voucher's: a retried key answers its first result, another voucher's key is a conflict", async () => {
    const token = await openTill('pasteur-street-brewing');
    const code = await giveVoucher('pasteur-street-brewing');
    const first = await atTill(code, token, 'same-key');
    expect(first.ok).toBe(true);
    expect((await atTill(code, token, 'same-key')).value).toEqual(first.value);
    expect(await atTill(code, token, 'other-key')).toEqual({ ok: false, detail: 'voucher_used' });
    const other = await giveVoucher('pasteur-street-brewing');
    expect(await atTill(other, token, 'same-key')).toEqual({ ok: false, detail: 'idempotency_conflict' });
    expect(await redeemed(code)).toEqual({ used: true, tx: 1 });
  });

  it('clients cannot read or write the tills table', async () => {
    for (const p of ['anon', 'guest', 'moderatorA'] as const) {
      const e = await asPersona(ctx.s.db, p, (tx) => sqlError(tx.query('select * from private.partner_tills')));
      expect(e.code).toBe('42501');
    }
  });
});

describe('till sessions under concurrency on postgres', () => {
  const ctx = setUp('postgres');
  const RACERS = 20;
  const race = (sql: string, params: (i: number) => unknown[]) =>
    raceOnPostgres<Record<string, unknown>>(
      ctx.s.dbUrl!,
      Array.from({ length: RACERS }, (_, i) => ({
        prepare: impersonate({ role: 'anon', 'request.jwt.claims': JSON.stringify(claimsFor('anon')) }),
        sql,
        params: params(i),
      })),
    );
  const voucher = async (code: string) => {
    await ctx.s.db.query(
      `insert into public.vouchers (code, user_id, customer_id, activity_id, discount_pct, expires_at)
       values ($1, $2, $3, $4, 10, now() + interval '1 day')`,
      [code, USERS.guest, HOTEL_A, ctx.partner['miu-miu-spa']],
    );
    return code;
  };
  const txCount = async (code: string) =>
    (
      await ctx.s.db.query(
        'select count(*)::int as n, sum(amount_minor)::int as amount from public.partner_transactions where voucher_id = (select id from public.vouchers where code = $1)',
        [code],
      )
    ).rows;

  it('20 redemptions of one voucher at once with one till token and different keys: one transaction', async () => {
    const opened = (
      await ctx.s.db.query<{ r: Record<string, unknown> }>(
        `select public.redeem_voucher_open_till($1, '264093', 1000, 'VND', 'race-open') as r`,
        [await voucher('TXLLRC2345')],
      )
    ).rows[0]!.r;
    const token = String(opened.till_token);
    const code = await voucher('TXLLRC2346');
    const results = await race(`select public.redeem_voucher_at_till($1, $2, 50000, 'VND', $3) as r`, (i) => [
      code,
      token,
      `till-race-${i}`,
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).map((r) => r.detail)).toEqual(Array(RACERS - 1).fill('voucher_used'));
    expect(await txCount(code)).toEqual([{ n: 1, amount: 50000 }]);

    // The same key 20 times at once: one transaction, one identical answer.
    const code2 = await voucher('TXLLRC2347');
    const same = await race(`select public.redeem_voucher_at_till($1, $2, 50000, 'VND', 'till-race-same') as r`, () => [
      code2,
      token,
    ]);
    expect(same.every((r) => r.ok)).toBe(true);
    expect(new Set(same.map((r) => JSON.stringify(r.value))).size).toBe(1);
    expect(await txCount(code2)).toEqual([{ n: 1, amount: 50000 }]);
  });
});
