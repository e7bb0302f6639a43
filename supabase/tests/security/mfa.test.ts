// A second factor for the people who move money (issue #41, item 7), on PGlite and PostgreSQL 15:
// - an account with a verified factor (auth.mfa_factors) takes no money action from an aal1 session (the
//   JWT's `aal`): record, confirm or dispute a sale, propose or accept a rate, set a PIN, open a till, close a
//   month, mark paid, invite, the platform's bank account, the hotel's own MFA setting: `aal2_required`;
//   from an aal2 session it does;
// - a hotel that requires a factor (customers.require_mfa) refuses its moderators' and its partners' staff's
//   money actions while they have none (`mfa_enrolment_required`), and only theirs; the platform's rule for
//   administrators must have one (private.security_settings.admins_require_mfa, on), and another administrator
//   resets a lost one (public.admin_reset_second_factor);
// - whatever path writes the money tables (any RPC, a direct write) meets the same check.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestStack, stopPgServer, type TestStack } from '@guestmap/local-stack/testing/stack.ts';
import type { Queryable } from '@guestmap/local-stack/src/db/db.ts';
import { HOTEL_A, HOTEL_B, USERS, asPersona, asSuper, outcome } from '../database/support.ts';
import { PARTNER, partnerSql, value } from './settlement-support.ts';

afterAll(stopPgServer);

const LAST_MONTH = `(date_trunc('month', now() at time zone 'Asia/Ho_Chi_Minh') - interval '1 month')::date`;

/** Acts as `sub` from a session of the given assurance level, as PostgREST does with GoTrue's token. */
async function as(tx: Queryable, sub: string, aal: 'aal1' | 'aal2'): Promise<void> {
  const claims = { sub, role: 'authenticated', aud: 'authenticated', is_anonymous: false, aal, session_id: sub };
  await tx.query("select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)", [
    JSON.stringify(claims),
  ]);
}

/** Gives `user` a TOTP factor (verified unless told) as GoTrue stores it. */
async function factor(tx: Queryable, user: string, status: 'verified' | 'unverified' = 'verified'): Promise<void> {
  await asSuper(tx);
  await tx.query(
    `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
     values (gen_random_uuid(), $1, 'phone', 'totp', $2, now(), now(), 'JBSWY3DPEHPK3PXP')`,
    [user, status],
  );
}

let keys = 0;
const key = () => `mfa-test-${Date.now()}-${++keys}`;
const refused = (detail: string) => ({ code: 'P0001', detail });

describe.each(BACKENDS)('a second factor for money actions, on %s', (backend) => {
  let s: TestStack;
  let spa: string;
  let siesta: string;

  beforeAll(async () => {
    s = await startTestStack(backend);
    spa = (await s.db.query<{ id: string }>(`select ${partnerSql(HOTEL_A, 'miu-miu-spa')} as id`)).rows[0]!.id;
    siesta = (await s.db.query<{ id: string }>(`select ${partnerSql(HOTEL_B, 'la-siesta-spa')} as id`)).rows[0]!.id;
  });
  afterAll(async () => {
    await s?.stop();
  });

  const record = (tx: Queryable, activity = spa, customer = HOTEL_A) =>
    outcome(tx, `select public.record_partner_transaction($1, $2, 150000, 'VND', $3) ->> 'transaction_id'`, [
      customer,
      activity,
      key(),
    ]);
  const pendingSale = async (tx: Queryable): Promise<string> => {
    await as(tx, USERS.moderator, 'aal2');
    const r = await record(tx);
    expect(r).toHaveProperty('ok');
    return (r as { ok: string }).ok;
  };

  it('partner staff with a factor: an aal1 session confirms, disputes, answers a rate and sets a PIN nothing; aal2 does', async () => {
    await asPersona(s.db, 'moderatorA', async (tx) => {
      await factor(tx, PARTNER);
      const sale = await pendingSale(tx);
      const rate = await value<string>(tx, 'select public.propose_commission_rate($1, 0.15) ->> $2', [spa, 'id']);
      await as(tx, PARTNER, 'aal1');
      expect(await outcome(tx, 'select public.confirm_partner_transaction($1)', [sale])).toMatchObject(
        refused('aal2_required'),
      );
      expect(await outcome(tx, "select public.dispute_partner_transaction($1, 'not ours')", [sale])).toMatchObject(
        refused('aal2_required'),
      );
      expect(await outcome(tx, 'select public.respond_commission_rate($1, true)', [rate])).toMatchObject(
        refused('aal2_required'),
      );
      expect(await outcome(tx, "select public.set_partner_pin($1, '482913')", [spa])).toMatchObject(
        refused('aal2_required'),
      );
      // Nothing changed.
      await asSuper(tx);
      expect(await value(tx, 'select status from public.partner_transactions where id = $1', [sale])).toBe('pending');
      expect(await value(tx, 'select status from public.commission_rates where id = $1', [rate])).toBe('proposed');
      // The same account from an aal2 session (after its code) does all of it.
      await as(tx, PARTNER, 'aal2');
      expect(await outcome(tx, 'select public.respond_commission_rate($1, true)', [rate])).toHaveProperty('ok');
      expect(await outcome(tx, "select public.set_partner_pin($1, '482913')", [spa])).toHaveProperty('ok');
      expect(await outcome(tx, 'select public.confirm_partner_transaction($1)', [sale])).toHaveProperty('ok');
      await asSuper(tx);
      expect(await value(tx, 'select status from public.partner_transactions where id = $1', [sale])).toBe('confirmed');
    });
  });

  it('an unverified factor changes nothing (enrolment finishes with a code)', async () => {
    await asPersona(s.db, 'moderatorA', async (tx) => {
      await factor(tx, PARTNER, 'unverified');
      const sale = await pendingSale(tx);
      await as(tx, PARTNER, 'aal1');
      expect(await outcome(tx, 'select public.confirm_partner_transaction($1)', [sale])).toHaveProperty('ok');
    });
  });

  it('a moderator with a factor: record, propose, invite, close a month, the hotel setting need aal2', async () => {
    await asPersona(s.db, 'moderatorA', async (tx) => {
      await factor(tx, USERS.moderator);
      await as(tx, USERS.moderator, 'aal1');
      const checks: [string, unknown[]][] = [
        [`select public.record_partner_transaction($1, $2, 150000, 'VND', '${key()}')`, [HOTEL_A, spa]],
        ['select public.propose_commission_rate($1, 0.2)', [spa]],
        ["select public.invite_partner_staff($1, 'new-staff@example.com')", [spa]],
        ["select * from public.invite_moderator($1, 'new-moderator@example.com')", [HOTEL_A]],
        [`select public.close_month($1, ${LAST_MONTH})`, [HOTEL_A]],
        ['update public.customers set require_mfa = true where id = $1', [HOTEL_A]],
      ];
      for (const [sql, params] of checks)
        expect({ sql, out: await outcome(tx, sql, params) }).toMatchObject({ sql, out: refused('aal2_required') });
      await asSuper(tx);
      expect(
        await value(
          tx,
          `select count(*)::int from public.settlement_months where customer_id = $1 and month = ${LAST_MONTH}`,
          [HOTEL_A],
        ),
      ).toBe(0);
      expect(await value(tx, "select count(*)::int from public.invitations where email like 'new-%@example.com'")).toBe(
        0,
      );
      // Other accounts are not concerned: the hotel's other moderators have no factor.
      await as(tx, USERS.moderator, 'aal2');
      for (const [sql, params] of checks)
        expect({ sql, keys: Object.keys(await outcome(tx, sql, params)) }).toEqual({ sql, keys: ['ok'] });
    });
  });

  it('mark paid: an administrator with a factor needs aal2 (and the platform bank account too)', async () => {
    await asPersona(s.db, 'moderatorA', async (tx) => {
      const settled = await value<{ invoices: { id: string }[]; payouts: { id: string }[] }>(
        tx,
        `select public.close_month($1, ${LAST_MONTH})`,
        [HOTEL_A],
      );
      const inv = settled.invoices[0]!.id;
      const pay = settled.payouts[0]!.id;
      await factor(tx, USERS.admin);
      await as(tx, USERS.admin, 'aal1');
      expect(await outcome(tx, 'select public.mark_invoice_paid($1)', [inv])).toMatchObject(refused('aal2_required'));
      expect(await outcome(tx, 'select public.mark_payout_paid($1)', [pay])).toMatchObject(refused('aal2_required'));
      expect(
        await outcome(tx, "select public.set_platform_bank_account('970415', '123456789', 'GUESTMAP')"),
      ).toMatchObject(refused('aal2_required'));
      expect(await outcome(tx, 'select public.admin_set_commission_rate($1, 0.1)', [siesta])).toMatchObject(
        refused('aal2_required'),
      );
      await as(tx, USERS.admin, 'aal2');
      expect(await outcome(tx, 'select public.mark_invoice_paid($1)', [inv])).toHaveProperty('ok');
      expect(await outcome(tx, 'select public.mark_payout_paid($1)', [pay])).toHaveProperty('ok');
      expect(
        await outcome(tx, "select public.set_platform_bank_account('970415', '123456789', 'GUESTMAP')"),
      ).toHaveProperty('ok');
    });
  });

  it("a hotel that requires a factor: its moderators and its partners' staff without one are refused; others are not", async () => {
    await asPersona(s.db, 'moderatorA', async (tx) => {
      const sale = await pendingSale(tx);
      await asSuper(tx);
      await tx.query('update public.customers set require_mfa = true where id = $1', [HOTEL_A]);
      await as(tx, USERS.moderator, 'aal1');
      expect(await record(tx)).toMatchObject(refused('mfa_enrolment_required'));
      expect(await outcome(tx, 'select public.propose_commission_rate($1, 0.2)', [spa])).toMatchObject(
        refused('mfa_enrolment_required'),
      );
      await as(tx, PARTNER, 'aal1');
      expect(await outcome(tx, 'select public.confirm_partner_transaction($1)', [sale])).toMatchObject(
        refused('mfa_enrolment_required'),
      );
      expect(await value(tx, 'select public.my_mfa_requirement()')).toEqual({ required: true, enrolled: false });
      // Another hotel's moderator, and this hotel's guests, are not concerned.
      await as(tx, USERS.innkeeper, 'aal1');
      expect(await outcome(tx, 'select public.propose_commission_rate($1, 0.2)', [siesta])).toHaveProperty('ok');
      expect(await value(tx, 'select public.my_mfa_requirement()')).toEqual({ required: false, enrolled: false });
      // Enrolled and verified: the partner confirms from its aal2 session.
      await factor(tx, PARTNER);
      await as(tx, PARTNER, 'aal1');
      expect(await value(tx, 'select public.my_mfa_requirement()')).toEqual({ required: true, enrolled: true });
      expect(await outcome(tx, 'select public.confirm_partner_transaction($1)', [sale])).toMatchObject(
        refused('aal2_required'),
      );
      await as(tx, PARTNER, 'aal2');
      expect(await outcome(tx, 'select public.confirm_partner_transaction($1)', [sale])).toHaveProperty('ok');
    });
  });

  it('administrators must have a factor: the rule is on, the seeded one acts from aal2 only, one without a factor is refused', async () => {
    await asPersona(s.db, 'admin', async (tx) => {
      // The seeded administrator has a factor, and its persona is a session that entered the code.
      expect(await outcome(tx, 'select public.admin_set_commission_rate($1, 0.1)', [siesta])).toHaveProperty('ok');
      await as(tx, USERS.admin, 'aal1');
      expect(await outcome(tx, 'select public.admin_set_commission_rate($1, 0.11)', [siesta])).toMatchObject(
        refused('aal2_required'),
      );
      await asSuper(tx);
      expect(await value(tx, 'select admins_require_mfa from private.security_settings')).toBe(true);
      // Another administrator, without a factor: refused until they add one.
      await tx.query('update public.profiles set is_admin = true where id = $1', [USERS.traveller]);
      await as(tx, USERS.traveller, 'aal1');
      expect(await outcome(tx, 'select public.admin_set_commission_rate($1, 0.12)', [siesta])).toMatchObject(
        refused('mfa_enrolment_required'),
      );
      expect(await value(tx, 'select public.my_mfa_requirement()')).toEqual({ required: true, enrolled: false });
    });
  });

  it('a lost factor: another administrator resets it from an aal2 session and its holder is mailed; nobody else does', async () => {
    await asPersona(s.db, 'admin', async (tx) => {
      await factor(tx, PARTNER);
      const reset = 'select public.admin_reset_second_factor($1)';
      await as(tx, PARTNER, 'aal2');
      expect(await outcome(tx, reset, ['partner@demo.test'])).toMatchObject({ code: '42501', detail: 'not_admin' });
      await as(tx, USERS.admin, 'aal1');
      expect(await outcome(tx, reset, ['partner@demo.test'])).toMatchObject(refused('aal2_required'));
      await as(tx, USERS.admin, 'aal2');
      expect(await outcome(tx, reset, ['admin@demo.test'])).toMatchObject(refused('own_factor'));
      expect(await outcome(tx, reset, ['nobody@example.com'])).toMatchObject(refused('user_not_found'));
      await asSuper(tx);
      expect(await value(tx, 'select count(*)::int from auth.mfa_factors where user_id = $1', [PARTNER])).toBe(1);
      await as(tx, USERS.admin, 'aal2');
      expect(await outcome(tx, reset, [' Partner@Demo.test '])).toEqual({
        ok: { email: 'partner@demo.test', removed: 1 },
      });
      await asSuper(tx);
      expect(await value(tx, 'select count(*)::int from auth.mfa_factors where user_id = $1', [PARTNER])).toBe(0);
      // The holder reads why, in their language (Vietnamese), with where to add a new app.
      const mail = (
        await tx.query<{ subject: string; body_text: string }>(
          `select subject, body_text from private.mail_outbox where to_email = 'partner@demo.test'
           order by created_at desc, id desc limit 1`,
        )
      ).rows[0]!;
      expect(mail.subject).toBe('Ứng dụng xác thực của tài khoản Guestmap đã được gỡ');
      expect(mail.body_text).toContain('{{ .SiteURL }}/user/settings');
      // Without a factor (and no hotel rule), the partner's aal1 session acts again.
      await as(tx, PARTNER, 'aal1');
      expect(await value(tx, 'select public.my_mfa_requirement()')).toEqual({ required: false, enrolled: false });
    });
  });

  it('direct writes and the service role: the check is in the tables, and binds people only', async () => {
    await asPersona(s.db, 'moderatorA', async (tx) => {
      const sale = await pendingSale(tx);
      await factor(tx, USERS.moderator);
      await as(tx, USERS.moderator, 'aal1');
      // The request's claims are those of an aal1 session; whoever writes the table (a function owned by
      // postgres, any future RPC) meets the check.
      await asSuper(tx);
      const touch = 'update public.partner_transactions set status = status where id = $1';
      expect(await outcome(tx, touch, [sale])).toMatchObject(refused('aal2_required'));
      expect(
        await outcome(
          tx,
          "insert into public.invitations (customer_id, role, email) values ($1, 'moderator', 'x@example.com')",
          [HOTEL_A],
        ),
      ).toMatchObject(refused('aal2_required'));
      // The service role (no account) and the database's own jobs write as before.
      await tx.query('select set_config(\'request.jwt.claims\', \'{"role":"service_role"}\', true)');
      expect(await outcome(tx, touch, [sale])).toHaveProperty('ok');
      await tx.query("select set_config('request.jwt.claims', '', true)");
      expect(await outcome(tx, touch, [sale])).toHaveProperty('ok');
    });
  });
});
