// No account on both sides of an agreement (issue #41, item 2), on PGlite and PostgreSQL 15:
// - a moderator of a hotel (or an administrator) cannot be, or act as, staff of that hotel's partners, and
//   staff of a hotel's partners cannot be its moderators: refused when inviting, when accepting and on any
//   direct write of the membership tables; an overlap left from before is inert and reported;
// - the account that records a sale never confirms or disputes it; the account that proposes a rate never
//   answers it (in the tables, whatever path writes them).
// The race (accepting both roles at once on two connections) runs on PostgreSQL, at the end of this file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { race as raceOnPostgres } from '@guestmap/local-stack/testing/race.ts';
import { BACKENDS, startTestStack, stopPgServer, type TestStack } from '@guestmap/local-stack/testing/stack.ts';
import type { Queryable } from '@guestmap/local-stack/src/db/db.ts';
import { HOTEL_A, HOTEL_B, USERS, asPersona, asSuper, become, outcome } from '../database/support.ts';
import { PARTNER, partnerSql, value } from './settlement-support.ts';

afterAll(stopPgServer);

/** An invitation written as if sent before the fix (or before the invitee took the other role). */
const invitationSql = `insert into public.invitations (customer_id, role, partner_id, email, invited_by)
  values ($1, $2::public.invitation_role, $3, $4, $5) returning id`;

/** The overlaps and same-account decisions the security check reports, as (kind, user) pairs. */
const report = async (tx: Queryable) =>
  (
    await tx.query<{ kind: string; user_id: string }>(
      'select kind, user_id from private.two_sides_report() order by 1, 2',
    )
  ).rows;

describe.each(BACKENDS)('two sides, two accounts, on %s', (backend) => {
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

  it("the issue's attack: the hotel's moderator invites their own address as the partner's staff, and is refused at every step", async () => {
    await asPersona(s.db, 'moderatorA', async (tx) => {
      // Invited as the partner's staff: refused with its own code (the inviter knows their hotel's moderators).
      expect(
        await outcome(tx, 'select public.invite_partner_staff($1, $2)', [spa, 'Moderator@Demo.test ']),
      ).toMatchObject({ code: 'P0001', detail: 'moderator_cannot_be_staff' });
      // An invitation already sent (before the fix): accepting it is refused and grants nothing.
      await asSuper(tx);
      const old = await value<string>(tx, invitationSql, [
        HOTEL_A,
        'partner_staff',
        spa,
        'moderator@demo.test',
        USERS.moderator,
      ]);
      await become(tx, 'moderatorA');
      expect(await outcome(tx, 'select public.accept_invitation($1)', [old])).toMatchObject({
        detail: 'moderator_cannot_be_staff',
      });
      expect((await tx.query('select * from public.my_partners()')).rows).toEqual([]);
      // Nor any direct write of the membership, whoever makes it (the service role, the SQL console).
      await asSuper(tx);
      expect(
        await outcome(tx, 'insert into public.partner_staff (activity_id, user_id) values ($1, $2)', [
          spa,
          USERS.moderator,
        ]),
      ).toMatchObject({ detail: 'moderator_cannot_be_staff' });
      // An administrator acts for every hotel: not a partner's staff either.
      expect(
        await outcome(tx, 'insert into public.partner_staff (activity_id, user_id) values ($1, $2)', [
          spa,
          USERS.admin,
        ]),
      ).toMatchObject({ detail: 'moderator_cannot_be_staff' });
      // Staff of another hotel's partner: fine.
      expect(
        await outcome(tx, 'insert into public.partner_staff (activity_id, user_id) values ($1, $2)', [
          siesta,
          USERS.moderator,
        ]),
      ).toMatchObject({ ok: null });
      expect(await report(tx)).toEqual([]);
    });
  });

  it("the other way: the partner's staff cannot become the hotel's moderator", async () => {
    await asPersona(s.db, 'moderatorA', async (tx) => {
      expect(
        await outcome(tx, 'select * from public.invite_moderator($1, $2)', [HOTEL_A, 'partner@demo.test']),
      ).toMatchObject({ code: 'P0001', detail: 'staff_cannot_be_moderator' });
      await asSuper(tx);
      const old = await value<string>(tx, invitationSql, [
        HOTEL_A,
        'moderator',
        null,
        'partner@demo.test',
        USERS.moderator,
      ]);
      await become(tx, { sub: PARTNER });
      expect(await outcome(tx, 'select public.accept_invitation($1)', [old])).toMatchObject({
        detail: 'staff_cannot_be_moderator',
      });
      await asSuper(tx);
      expect(
        await value(tx, 'select count(*)::int from public.customer_moderators where user_id = $1', [PARTNER]),
      ).toBe(0);
      expect(
        await outcome(tx, 'insert into public.customer_moderators (customer_id, user_id) values ($1, $2)', [
          HOTEL_A,
          PARTNER,
        ]),
      ).toMatchObject({ detail: 'staff_cannot_be_moderator' });
      // Moderating another hotel is fine.
      expect(
        await outcome(tx, 'insert into public.customer_moderators (customer_id, user_id) values ($1, $2)', [
          HOTEL_B,
          PARTNER,
        ]),
      ).toMatchObject({ ok: null });
    });
  });

  it('an overlap left from before is inert: the moderator cannot act as staff, and the check reports it', async () => {
    await asPersona(s.db, 'moderatorA', async (tx) => {
      await asSuper(tx);
      // As data written before this rule: the triggers are bypassed the only way a superuser can.
      await tx.query("set local session_replication_role = 'replica'");
      await tx.query('insert into public.partner_staff (activity_id, user_id) values ($1, $2)', [spa, USERS.moderator]);
      await tx.query("set local session_replication_role = 'origin'");
      expect(await report(tx)).toEqual([{ kind: 'moderator_is_partner_staff', user_id: USERS.moderator }]);
      await become(tx, 'moderatorA');
      const sale = await value<{ transaction_id: string }>(
        tx,
        "select public.record_partner_transaction($1, $2, 2500000000, 'VND', 'self-dealing')",
        [HOTEL_A, spa],
      );
      expect(await outcome(tx, 'select public.confirm_partner_transaction($1)', [sale.transaction_id])).toMatchObject({
        code: 'P0001',
      });
      const rate = await value<{ id: string }>(tx, 'select public.propose_commission_rate($1, 0.5)', [spa]);
      expect(await outcome(tx, 'select public.respond_commission_rate($1, true)', [rate.id])).toMatchObject({
        code: 'P0001',
      });
      // Nor on sales someone else recorded: the portal is not theirs.
      await become(tx, 'admin');
      const other = await value<{ transaction_id: string }>(
        tx,
        "select public.record_partner_transaction($1, $2, 1000, 'VND', 'by-admin')",
        [HOTEL_A, spa],
      );
      await become(tx, 'moderatorA');
      expect(await outcome(tx, 'select public.confirm_partner_transaction($1)', [other.transaction_id])).toMatchObject({
        detail: 'transaction_not_found',
      });
      expect((await tx.query('select * from public.my_partners()')).rows).toEqual([]);
      await asSuper(tx);
      expect(
        (
          await tx.query(
            "select status, decided_by from public.partner_transactions where idempotency_key in ('self-dealing', 'by-admin')",
          )
        ).rows,
      ).toEqual([
        { status: 'pending', decided_by: null },
        { status: 'pending', decided_by: null },
      ]);
      expect(await value(tx, 'select status from public.commission_rates where id = $1', [rate.id])).toBe('proposed');
    });
  });

  it('whoever records a sale never answers it, whoever proposes a rate never answers it: in the tables, on every path', async () => {
    await asPersona(s.db, 'moderatorA', async (tx) => {
      // A moderator records a sale and proposes a rate, then leaves the hotel and joins the partner's staff.
      const sale = await value<{ transaction_id: string }>(
        tx,
        "select public.record_partner_transaction($1, $2, 400000, 'VND', 'then-staff')",
        [HOTEL_A, spa],
      );
      const rate = await value<{ id: string }>(tx, 'select public.propose_commission_rate($1, 0.3)', [spa]);
      await asSuper(tx);
      await tx.query('insert into public.customer_moderators (customer_id, user_id) values ($1, $2)', [
        HOTEL_A,
        USERS.traveller,
      ]);
      await tx.query('delete from public.customer_moderators where customer_id = $1 and user_id = $2', [
        HOTEL_A,
        USERS.moderator,
      ]);
      const inv = await value<string>(tx, invitationSql, [
        HOTEL_A,
        'partner_staff',
        spa,
        'moderator@demo.test',
        USERS.traveller,
      ]);
      await become(tx, 'moderatorA');
      expect(await value(tx, 'select public.accept_invitation($1)', [inv])).toBe(HOTEL_A);
      expect(await outcome(tx, 'select public.confirm_partner_transaction($1)', [sale.transaction_id])).toMatchObject({
        code: 'P0001',
        detail: 'own_sale',
      });
      expect(
        await outcome(tx, 'select public.dispute_partner_transaction($1, $2)', [sale.transaction_id, 'mine']),
      ).toMatchObject({ detail: 'own_sale' });
      expect(await outcome(tx, 'select public.respond_commission_rate($1, true)', [rate.id])).toMatchObject({
        code: 'P0001',
        detail: 'own_proposal',
      });
      expect(await outcome(tx, 'select public.respond_commission_rate($1, false)', [rate.id])).toMatchObject({
        detail: 'own_proposal',
      });
      // The other staff member answers both.
      await become(tx, { sub: PARTNER });
      expect(await outcome(tx, 'select public.confirm_partner_transaction($1)', [sale.transaction_id])).toMatchObject({
        ok: expect.objectContaining({ status: 'confirmed' }),
      });
      expect(await outcome(tx, 'select public.respond_commission_rate($1, true)', [rate.id])).toMatchObject({
        ok: expect.objectContaining({ status: 'accepted' }),
      });
      // Whatever path writes the tables (service role, SQL console): the same account never decides both sides.
      await asSuper(tx);
      const pending = await value<string>(
        tx,
        "select id from public.partner_transactions where idempotency_key = 'seed-now-2'",
      );
      expect(
        await outcome(
          tx,
          "update public.partner_transactions set status = 'confirmed', decided_by = created_by, decided_at = now() where id = $1",
          [pending],
        ),
      ).toMatchObject({ detail: 'own_sale' });
      const proposal = await value<{ id: string }>(
        tx,
        `insert into public.commission_rates (activity_id, rate, status, proposed_by) values ($1, 0.4, 'proposed', $2) returning to_jsonb(commission_rates)`,
        [spa, USERS.moderator],
      );
      expect(
        await outcome(
          tx,
          "update public.commission_rates set status = 'accepted', decided_by = proposed_by, decided_at = now(), effective_from = now() where id = $1",
          [proposal.id],
        ),
      ).toMatchObject({ detail: 'own_proposal' });
      expect(
        await outcome(
          tx,
          `insert into public.commission_rates (activity_id, rate, status, proposed_by, decided_by, decided_at, effective_from)
           values ($1, 0.45, 'accepted', $2, $2, now(), now())`,
          [spa, USERS.moderator],
        ),
      ).toMatchObject({ detail: 'own_proposal' });
      // An administrator setting a rate is the one case of one account on both columns (set_by_admin).
      await become(tx, 'admin');
      expect(await outcome(tx, 'select public.admin_set_commission_rate($1, 0.2)', [spa])).toMatchObject({
        ok: expect.objectContaining({ status: 'accepted', set_by_admin: true }),
      });
      await asSuper(tx);
      expect(await report(tx)).toEqual([]);
    });
  });

  it('the security check: the seeded database has no account on both sides, and the check sees each kind of overlap', async () => {
    await asPersona(s.db, 'anon', async (tx) => {
      expect(await outcome(tx, 'select * from private.two_sides_report()')).toMatchObject({ code: '42501' });
      await asSuper(tx);
      expect(await report(tx)).toEqual([]);
      // Rows from before the rules: the constraints are NOT VALID, so such rows can exist; triggers bypassed.
      await tx.query('alter table public.partner_transactions drop constraint partner_transactions_two_sides');
      await tx.query('alter table public.commission_rates drop constraint commission_rates_two_sides');
      await tx.query("set local session_replication_role = 'replica'");
      await tx.query('insert into public.partner_staff (activity_id, user_id) values ($1, $2)', [spa, USERS.admin]);
      await tx.query(
        "update public.partner_transactions set status = 'confirmed', decided_by = created_by where idempotency_key = 'seed-now-2'",
      );
      await tx.query(
        `update public.commission_rates set decided_by = proposed_by
         where id = (select id from public.commission_rates where activity_id = $1 and status = 'declined' limit 1)`,
        [spa],
      );
      await tx.query("set local session_replication_role = 'origin'");
      expect(await report(tx)).toEqual([
        { kind: 'admin_is_partner_staff', user_id: USERS.admin },
        { kind: 'rate_decided_by_proposer', user_id: USERS.moderator },
        { kind: 'sale_decided_by_recorder', user_id: USERS.moderator },
      ]);
    });
  });
});

describe('two sides under concurrency on postgres', () => {
  let s: TestStack;
  let spa: string;
  beforeAll(async () => {
    s = await startTestStack('postgres');
    spa = (await s.db.query<{ id: string }>(`select ${partnerSql(HOTEL_A, 'miu-miu-spa')} as id`)).rows[0]!.id;
  });
  afterAll(async () => {
    await s?.stop();
  });

  it('10 accounts accept a moderator and a partner-staff invitation of one hotel at once (20 connections): each gets one role at most', async () => {
    const accounts = Array.from({ length: 10 }, (_, i) => ({
      id: `00000000-0000-4000-c410-${String(i).padStart(12, '0')}`,
      email: `both-${i}@demo.test`,
    }));
    const calls = [];
    for (const a of accounts) {
      await s.db.query(
        `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, is_anonymous, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
         values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, '', now(), false, '{}', '{}', now(), now())`,
        [a.id, a.email],
      );
      const mod = (
        await s.db.query<{ id: string }>(invitationSql, [HOTEL_A, 'moderator', null, a.email, USERS.moderator])
      ).rows[0]!.id;
      const staff = (
        await s.db.query<{ id: string }>(invitationSql, [HOTEL_A, 'partner_staff', spa, a.email, USERS.moderator])
      ).rows[0]!.id;
      for (const id of [mod, staff]) {
        calls.push({
          prepare: async (c: { query: (sql: string, params: unknown[]) => Promise<unknown> }) =>
            await become(c as unknown as Queryable, { sub: a.id }),
          sql: 'select public.accept_invitation($1)',
          params: [id],
        });
      }
    }
    const results = await raceOnPostgres(s.dbUrl!, calls);
    expect(
      results
        .filter((r) => !r.ok)
        .every((r) => /^(moderator_cannot_be_staff|staff_cannot_be_moderator)$/.test(r.detail ?? '')),
    ).toBe(true);
    const { rows } = await s.db.query<{ id: string; moderator: boolean; staff: boolean }>(
      `select u.id, exists (select 1 from public.customer_moderators m where m.user_id = u.id and m.customer_id = $1) as moderator,
              exists (select 1 from public.partner_staff p where p.user_id = u.id and p.activity_id = $2) as staff
       from unnest($3::uuid[]) as u(id) order by u.id`,
      [HOTEL_A, spa, accounts.map((a) => a.id)],
    );
    expect(rows.filter((r) => r.moderator && r.staff)).toEqual([]);
    expect(rows.every((r) => r.moderator || r.staff)).toBe(true);
    expect((await s.db.query('select * from private.two_sides_report()')).rows).toEqual([]);
  });
});
