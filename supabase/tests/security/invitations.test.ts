// Moderators by invitation, with consent (issue #27, item 1), on PGlite and PostgreSQL:
// - nobody becomes a moderator without accepting (the old add_moderator_by_email path is closed);
// - inviting answers the same whatever the address (existing account, none, disabled);
// - the inviter sees only what they typed, never the invitee's profile, before acceptance;
// - only the account whose confirmed e-mail was invited can accept or decline;
// - decline, withdraw and expiry end an invitation; accepting twice grants once;
// - invitations per customer and day are limited; the mail reaches the local inbox.
// Races (20 connections) run on PostgreSQL only, at the end of this file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { impersonate, race as raceOnPostgres } from '@guestmap/local-stack/testing/race.ts';
import { BACKENDS, startTestStack, stopPgServer, type TestStack } from '@guestmap/local-stack/testing/stack.ts';
import type { Queryable } from '@guestmap/local-stack/src/db/db.ts';
import {
  HOTEL_A,
  HOTEL_B,
  USERS,
  asPersona,
  become,
  claimsFor,
  outcome,
  type PersonaName,
} from '../database/support.ts';

afterAll(stopPgServer);

const UNCONFIRMED = '00000000-0000-4000-a000-0000000000b1';
const PASSWORD = 'demo-pass-123';

const invite = (tx: Queryable, email: string, customer = HOTEL_A) =>
  tx.query<{ id: string; email: string; status: string; created_at: string; expires_at: string }>(
    'select * from public.invite_moderator($1, $2)',
    [customer, email],
  );

async function waitForMail(s: TestStack, to: string, timeoutMs = 5000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const mail = s.mailbox.list().find((m) => m.to.some((a) => a.address === to));
    if (mail) return mail;
    if (Date.now() > until) throw new Error(`no mail to ${to}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.each(BACKENDS)('invitations on %s', (backend) => {
  let s: TestStack;
  beforeAll(async () => {
    s = await startTestStack(backend);
    // An account whose e-mail was never confirmed.
    await s.db.query(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, is_anonymous, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
       values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', 'unconfirmed@demo.test', '', null, false, '{}', '{}', now(), now())`,
      [UNCONFIRMED],
    );
  });
  afterAll(async () => {
    await s?.stop();
  });

  it('the old path is closed: no call makes someone a moderator at once or tells accounts apart', async () => {
    const answers = await asPersona(s.db, 'moderatorA', async (tx) => {
      const out = [];
      for (const email of ['traveller@demo.test', 'nobody@demo.test', 'disabled@demo.test']) {
        out.push(await outcome(tx, 'select public.add_moderator_by_email($1, $2)', [HOTEL_A, email]));
      }
      return out;
    });
    // 42883: the function does not exist any more (before: [traveller's id, user_not_found, user_disabled]).
    expect(answers).toEqual([{ code: '42883' }, { code: '42883' }, { code: '42883' }]);
  });

  it('no persona reads or writes invitations or the mail outbox directly', async () => {
    await s.db.query(
      `insert into public.invitations (customer_id, email, invited_by) values ($1, 'traveller@demo.test', $2)`,
      [HOTEL_A, USERS.moderator],
    );
    const personas: PersonaName[] = ['anon', 'moderatorA', 'moderatorB', 'admin', 'disabled', 'plain', 'guest'];
    // `where true`: hosted refuses a bare UPDATE or DELETE before privileges are consulted (safeupdate)
    const statements = [
      'select id from public.invitations',
      `insert into public.invitations (customer_id, email) values ('${HOTEL_A}', 'x@demo.test')`,
      `update public.invitations set status = 'accepted' where true`,
      'delete from public.invitations where true',
      'select id from private.mail_outbox',
      `insert into private.mail_outbox (to_email, subject, body_text) values ('x@demo.test', 's', 'b')`,
    ];
    const seen: string[] = [];
    for (const p of personas) {
      await asPersona(s.db, p, async (tx) => {
        for (const sql of statements) {
          const o = await outcome(tx, sql);
          if (!('code' in o) || o.code !== '42501') seen.push(`${p}: ${sql} -> ${JSON.stringify(o)}`);
        }
      });
    }
    expect(seen).toEqual([]);
    expect((await s.db.query('select status::text as status from public.invitations')).rows).toEqual([
      { status: 'pending' },
    ]);
    await s.db.query('delete from public.invitations');
  });

  it('invite answers are identical for an existing, an unknown and a disabled e-mail', async () => {
    const answers = await asPersona(s.db, 'moderatorA', async (tx) => {
      const out = [];
      for (const email of ['Traveller@Demo.test ', 'nobody-at-all@demo.test', 'disabled@demo.test']) {
        const { rows } = await invite(tx, email);
        const r = rows[0]!;
        out.push({
          keys: Object.keys(r).sort(),
          email: r.email,
          status: r.status,
          days: (Date.parse(r.expires_at) - Date.parse(r.created_at)) / 86_400_000,
        });
      }
      return out;
    });
    expect(answers).toEqual([
      {
        keys: ['created_at', 'email', 'expires_at', 'id', 'status'],
        email: 'traveller@demo.test',
        status: 'pending',
        days: 7,
      },
      {
        keys: ['created_at', 'email', 'expires_at', 'id', 'status'],
        email: 'nobody-at-all@demo.test',
        status: 'pending',
        days: 7,
      },
      {
        keys: ['created_at', 'email', 'expires_at', 'id', 'status'],
        email: 'disabled@demo.test',
        status: 'pending',
        days: 7,
      },
    ]);
    // Over HTTP too: same status and body shape for each address.
    const mod = s.anon();
    expect((await mod.auth.signInWithPassword({ email: 'moderator@demo.test', password: PASSWORD })).error).toBeNull();
    const http = [];
    for (const email of ['innkeeper@demo.test', 'nobody-else@demo.test', 'disabled@demo.test']) {
      const r = await mod.rpc('invite_moderator', { p_customer_id: HOTEL_A, p_email: email });
      http.push({
        status: r.status,
        error: r.error,
        keys: Object.keys((r.data as object[])[0] ?? {}).sort(),
        state: (r.data as { status: string }[])[0]?.status,
      });
    }
    expect(new Set(http.map((h) => JSON.stringify(h))).size).toBe(1);
    expect(http[0]).toEqual({
      status: 200,
      error: null,
      keys: ['created_at', 'email', 'expires_at', 'id', 'status'],
      state: 'pending',
    });
    // Each address got the same mail, but for its recipient: who invites, to which map, and where to answer.
    const mails = await Promise.all(
      ['innkeeper@demo.test', 'nobody-else@demo.test', 'disabled@demo.test'].map((to) => waitForMail(s, to)),
    );
    expect(new Set(mails.map((m) => m.text)).size).toBe(1);
    expect(mails[0]!.subject).toBe('Minh Moderator invites you to manage Saigon Riverside Hotel on Guestmap');
    expect(mails[0]!.text).toContain(`${s.config.auth.siteUrl.replace(/\/+$/, '')}/user`);
    expect(mails[0]!.text).not.toContain('{{');
    await mod.auth.signOut();
    await s.db.query('delete from public.invitations');
  });

  it('nothing is granted before acceptance', async () => {
    await asPersona(s.db, 'moderatorA', async (tx) => {
      await invite(tx, 'traveller@demo.test');
      await become(tx, 'plain');
      expect(
        (await tx.query('select customer_id from public.customer_moderators where user_id = $1', [USERS.traveller]))
          .rows,
      ).toEqual([]);
      expect(
        (
          await tx.query('select customer_id from public.user_customers where user_id = $1 and customer_id = $2', [
            USERS.traveller,
            HOTEL_A,
          ])
        ).rows,
      ).toEqual([]);
      expect(await outcome(tx, 'select * from public.list_customer_moderators($1)', [HOTEL_A])).toEqual({
        code: '42501',
        detail: 'not_moderator',
      });
      expect(await outcome(tx, 'select * from public.invite_moderator($1, $2)', [HOTEL_A, 'friend@demo.test'])).toEqual(
        { code: '42501', detail: 'not_moderator' },
      );
      // The token hook gives no moderator claim either.
      await tx.query('reset role');
      const { rows } = await tx.query<{ c: { moderator: unknown } }>(
        `select public.custom_access_token_hook(jsonb_build_object('user_id', $1::text, 'claims', '{"role":"authenticated"}'::jsonb)) -> 'claims' as c`,
        [USERS.traveller],
      );
      expect(rows[0]!.c.moderator).toEqual({});
    });
  });

  it('the inviter sees only the typed e-mail and a status, never the invitee’s profile, before acceptance', async () => {
    await asPersona(s.db, 'moderatorA', async (tx) => {
      const { rows: inv } = await invite(tx, ' TRAVELLER@demo.test');
      expect(
        (
          await tx.query('select id, email, display_name from public.profiles where id = $1 or lower(email) = $2', [
            USERS.traveller,
            'traveller@demo.test',
          ])
        ).rows,
      ).toEqual([]);
      expect(
        (
          await tx.query<{ user_id: string }>('select user_id from public.list_customer_moderators($1)', [HOTEL_A])
        ).rows.map((r) => r.user_id),
      ).toEqual([USERS.moderator]);
      const { rows } = await tx.query<Record<string, unknown>>(
        'select * from public.list_customer_invitations($1) where id = $2',
        [HOTEL_A, inv[0]!.id],
      );
      expect(Object.keys(rows[0]!).sort()).toEqual([
        'created_at',
        'email',
        'expires_at',
        'id',
        'responded_at',
        'role',
        'status',
      ]);
      expect({ email: rows[0]!.email, status: rows[0]!.status, role: rows[0]!.role }).toEqual({
        email: 'traveller@demo.test',
        status: 'pending',
        role: 'moderator',
      });
      // The table itself is closed to clients (reads and writes).
      expect(await outcome(tx, 'select count(*) from public.invitations')).toEqual({ code: '42501' });
      expect(await outcome(tx, `update public.invitations set status = 'accepted' where true`)).toEqual({
        code: '42501',
      });
      // After acceptance the invitee is a moderator like the others, and shows as one.
      await become(tx, 'plain');
      expect(await outcome(tx, 'select public.accept_invitation($1)', [inv[0]!.id])).toEqual({ ok: HOTEL_A });
      await become(tx, 'moderatorA');
      const { rows: mods } = await tx.query<{ user_id: string; display_name: string }>(
        'select user_id, display_name from public.list_customer_moderators($1) order by user_id',
        [HOTEL_A],
      );
      expect(mods).toEqual([
        { user_id: USERS.moderator, display_name: 'Minh Moderator' },
        { user_id: USERS.traveller, display_name: 'Tom Traveller' },
      ]);
      expect(
        (await tx.query('select status from public.list_customer_invitations($1) where id = $2', [HOTEL_A, inv[0]!.id]))
          .rows,
      ).toEqual([{ status: 'accepted' }]);
    });
  });

  it('only the account with the invited, confirmed e-mail can see, accept or decline', async () => {
    await asPersona(s.db, 'moderatorA', async (tx) => {
      const ids: Record<string, string> = {};
      for (const email of ['traveller@demo.test', 'unconfirmed@demo.test', 'disabled@demo.test'])
        ids[email] = (await invite(tx, email)).rows[0]!.id;
      const others: [PersonaName | { sub: string }, string][] = [
        ['guest', ids['traveller@demo.test']!],
        ['moderatorB', ids['traveller@demo.test']!],
        ['admin', ids['traveller@demo.test']!],
        [{ sub: UNCONFIRMED }, ids['unconfirmed@demo.test']!],
        ['disabled', ids['disabled@demo.test']!],
      ];
      for (const [who, id] of others) {
        await become(tx, who);
        expect((await tx.query('select id from public.my_invitations()')).rows).toEqual([]);
        expect(await outcome(tx, 'select public.accept_invitation($1)', [id])).toEqual({
          code: 'P0001',
          detail: 'invitation_not_found',
        });
        expect(await outcome(tx, 'select public.decline_invitation($1)', [id])).toEqual({
          code: 'P0001',
          detail: 'invitation_not_found',
        });
      }
      // A token that claims the invited e-mail does not help: auth's confirmed record decides.
      await tx.query("select set_config('request.jwt.claims', $1, true)", [
        JSON.stringify({ ...claimsFor('guest'), email: 'traveller@demo.test' }),
      ]);
      expect(await outcome(tx, 'select public.accept_invitation($1)', [ids['traveller@demo.test']])).toEqual({
        code: 'P0001',
        detail: 'invitation_not_found',
      });
      await become(tx, 'anon');
      expect(await outcome(tx, 'select public.accept_invitation($1)', [ids['traveller@demo.test']])).toEqual({
        code: '42501',
      });
      await tx.query('reset role');
      expect(
        (await tx.query('select user_id from public.customer_moderators where customer_id = $1', [HOTEL_A])).rows,
      ).toEqual([{ user_id: USERS.moderator }]);
      // The invitee sees it, with who invites to what.
      await become(tx, 'plain');
      const { rows } = await tx.query(
        'select customer_id, customer_name, role, invited_by_name from public.my_invitations()',
      );
      expect(rows).toEqual([
        {
          customer_id: HOTEL_A,
          customer_name: 'Saigon Riverside Hotel',
          role: 'moderator',
          invited_by_name: 'Minh Moderator',
        },
      ]);
    });
  });

  it('decline, withdraw and expiry end an invitation and grant nothing', async () => {
    await asPersona(s.db, 'moderatorA', async (tx) => {
      const declined = (await invite(tx, 'traveller@demo.test')).rows[0]!.id;
      await become(tx, 'plain');
      expect(await outcome(tx, 'select public.decline_invitation($1)', [declined])).toEqual({ ok: 'declined' });
      expect(await outcome(tx, 'select public.decline_invitation($1)', [declined])).toEqual({ ok: 'declined' });
      expect(await outcome(tx, 'select public.accept_invitation($1)', [declined])).toEqual({
        code: 'P0001',
        detail: 'invitation_declined',
      });

      await become(tx, 'moderatorA');
      const withdrawn = (await invite(tx, 'traveller@demo.test')).rows[0]!.id;
      await become(tx, 'moderatorB');
      expect(await outcome(tx, 'select public.withdraw_invitation($1)', [withdrawn])).toEqual({
        code: 'P0001',
        detail: 'invitation_not_found',
      });
      await become(tx, 'plain');
      expect(await outcome(tx, 'select public.withdraw_invitation($1)', [withdrawn])).toEqual({
        code: 'P0001',
        detail: 'invitation_not_found',
      });
      expect((await tx.query('select id from public.my_invitations()')).rows).toEqual([{ id: withdrawn }]);
      await become(tx, 'moderatorA');
      expect(await outcome(tx, 'select public.withdraw_invitation($1)', [withdrawn])).toEqual({ ok: 'withdrawn' });
      await become(tx, 'plain');
      expect((await tx.query('select id from public.my_invitations()')).rows).toEqual([]);
      expect(await outcome(tx, 'select public.accept_invitation($1)', [withdrawn])).toEqual({
        code: 'P0001',
        detail: 'invitation_withdrawn',
      });

      await become(tx, 'moderatorA');
      const expired = (await invite(tx, 'traveller@demo.test')).rows[0]!.id;
      await tx.query('reset role');
      await tx.query(
        `update public.invitations set created_at = now() - interval '8 days', expires_at = now() - interval '1 day' where id = $1`,
        [expired],
      );
      await become(tx, 'plain');
      expect((await tx.query('select id from public.my_invitations()')).rows).toEqual([]);
      expect(await outcome(tx, 'select public.accept_invitation($1)', [expired])).toEqual({
        code: 'P0001',
        detail: 'invitation_expired',
      });
      await become(tx, 'moderatorA');
      expect(
        (await tx.query('select status from public.list_customer_invitations($1) where id = $2', [HOTEL_A, expired]))
          .rows,
      ).toEqual([{ status: 'expired' }]);
      expect(await outcome(tx, 'select public.withdraw_invitation($1)', [expired])).toEqual({
        code: 'P0001',
        detail: 'invitation_not_pending',
      });
      // A new invitation to the same address can follow an expired one; a second pending one cannot.
      expect((await invite(tx, 'traveller@demo.test')).rows[0]!.status).toBe('pending');
      expect(
        await outcome(tx, 'select id from public.invite_moderator($1, $2)', [HOTEL_A, 'traveller@demo.test']),
      ).toEqual({ code: 'P0001', detail: 'already_invited' });
      await tx.query('reset role');
      expect(
        (await tx.query('select user_id from public.customer_moderators where customer_id = $1', [HOTEL_A])).rows,
      ).toEqual([{ user_id: USERS.moderator }]);
    });
  });

  it('accepting twice answers the same and grants once; a removed moderator cannot replay it', async () => {
    await asPersona(s.db, 'moderatorA', async (tx) => {
      const id = (await invite(tx, 'traveller@demo.test')).rows[0]!.id;
      await become(tx, 'plain');
      expect(await outcome(tx, 'select public.accept_invitation($1)', [id])).toEqual({ ok: HOTEL_A });
      expect(await outcome(tx, 'select public.accept_invitation($1)', [id])).toEqual({ ok: HOTEL_A });
      expect(await outcome(tx, 'select public.decline_invitation($1)', [id])).toEqual({
        code: 'P0001',
        detail: 'invitation_accepted',
      });
      await tx.query('reset role');
      const { rows } = await tx.query(
        'select user_id, added_by from public.customer_moderators where customer_id = $1 and user_id = $2',
        [HOTEL_A, USERS.traveller],
      );
      expect(rows).toEqual([{ user_id: USERS.traveller, added_by: USERS.moderator }]);
      // Removed later, the old invitation does not bring them back.
      await become(tx, 'moderatorA');
      await tx.query('select public.remove_moderator($1, $2)', [HOTEL_A, USERS.traveller]);
      await become(tx, 'plain');
      expect(await outcome(tx, 'select public.accept_invitation($1)', [id])).toEqual({ ok: HOTEL_A });
      await tx.query('reset role');
      expect(
        (
          await tx.query('select user_id from public.customer_moderators where customer_id = $1 and user_id = $2', [
            HOTEL_A,
            USERS.traveller,
          ])
        ).rows,
      ).toEqual([]);
    });
  });

  it('bad input changes nothing: invalid e-mail, unknown customer, another customer', async () => {
    await asPersona(s.db, 'moderatorA', async (tx) => {
      for (const bad of ['', 'not-an-email', 'a@b', 'x'.repeat(320) + '@demo.test']) {
        expect(await outcome(tx, 'select id from public.invite_moderator($1, $2)', [HOTEL_A, bad])).toEqual({
          code: 'P0001',
          detail: 'invalid_email',
        });
      }
      expect(await outcome(tx, 'select id from public.invite_moderator($1, $2)', [HOTEL_B, 'x@demo.test'])).toEqual({
        code: '42501',
        detail: 'not_moderator',
      });
      expect(
        await outcome(tx, 'select id from public.invite_moderator($1, $2)', ['no-such-hotel', 'x@demo.test']),
      ).toEqual({ code: '42501', detail: 'not_moderator' });
      await tx.query('reset role');
      expect((await tx.query('select count(*)::int as n from public.invitations')).rows).toEqual([{ n: 0 }]);
    });
  });

  it('at most 20 invitations per customer in 24 hours', async () => {
    await asPersona(s.db, 'moderatorA', async (tx) => {
      for (let i = 0; i < 20; i++) await invite(tx, `limit-${i}@demo.test`);
      expect(
        await outcome(tx, 'select id from public.invite_moderator($1, $2)', [HOTEL_A, 'limit-20@demo.test']),
      ).toEqual({ code: 'P0001', detail: 'invitation_limit' });
      // Another customer has its own allowance.
      await become(tx, 'moderatorB');
      expect((await invite(tx, 'limit-20@demo.test', HOTEL_B)).rows[0]!.status).toBe('pending');
    });
  });

  it('over HTTP: invite, the invitee signs in, sees it, accepts; the token then says moderator', async () => {
    const mod = s.anon();
    expect((await mod.auth.signInWithPassword({ email: 'moderator@demo.test', password: PASSWORD })).error).toBeNull();
    const inv = await mod.rpc('invite_moderator', {
      p_customer_id: HOTEL_A,
      p_email: 'guest@demo.test',
      p_language: 'fr',
    });
    expect(inv.error).toBeNull();
    const mail = await waitForMail(s, 'guest@demo.test');
    expect(mail.subject).toBe('Minh Moderator vous invite à gérer la carte Saigon Riverside Hotel sur Guestmap');
    const guest = s.anon();
    const { data: signIn } = await guest.auth.signInWithPassword({ email: 'guest@demo.test', password: PASSWORD });
    const mine = await guest.rpc('my_invitations');
    expect((mine.data as { customer_id: string }[]).map((r) => r.customer_id)).toEqual([HOTEL_A]);
    const id = (mine.data as { id: string }[])[0]!.id;
    const accepted = await guest.rpc('accept_invitation', { p_invitation_id: id });
    expect(accepted).toMatchObject({ status: 200, data: HOTEL_A, error: null });
    const { data: refreshed } = await guest.auth.refreshSession({ refresh_token: signIn.session!.refresh_token });
    const claims = JSON.parse(
      Buffer.from(refreshed.session!.access_token.split('.')[1]!, 'base64url').toString('utf8'),
    ) as { moderator: Record<string, boolean> };
    expect(claims.moderator).toEqual({ [HOTEL_A]: true });
    const mods = await mod.rpc('list_customer_moderators', { p_customer_id: HOTEL_A });
    expect((mods.data as { email: string }[]).map((m) => m.email).sort()).toEqual([
      'guest@demo.test',
      'moderator@demo.test',
    ]);
    // Clean up for the other tests of this file: the guest is a moderator no more.
    expect((await mod.rpc('remove_moderator', { p_customer_id: HOTEL_A, p_user_id: USERS.guest })).error).toBeNull();
    await s.db.query('delete from public.invitations');
    await guest.auth.signOut();
    await mod.auth.signOut();
  });
});

describe.each(BACKENDS)('invitations to a new address, e-mail confirmations on (as on hosted), on %s', (backend) => {
  let s: TestStack;
  beforeAll(async () => {
    s = await startTestStack(backend, { configure: (c) => void (c.auth.email.enableConfirmations = true) });
  });
  afterAll(async () => {
    await s?.stop();
  });

  it('whoever signs up with the invited address can accept only after confirming it from that mailbox', async () => {
    const mod = s.anon();
    expect((await mod.auth.signInWithPassword({ email: 'moderator@demo.test', password: PASSWORD })).error).toBeNull();
    expect(
      (await mod.rpc('invite_moderator', { p_customer_id: HOTEL_A, p_email: 'newcomer@example.test' })).error,
    ).toBeNull();
    const newcomer = s.anon();
    const signUp = await newcomer.auth.signUp({ email: 'newcomer@example.test', password: PASSWORD });
    expect(signUp.error).toBeNull();
    expect(signUp.data.session).toBeNull();
    expect(
      (await newcomer.auth.signInWithPassword({ email: 'newcomer@example.test', password: PASSWORD })).error?.code,
    ).toBe('email_not_confirmed');
    const { rows } = await s.db.query<{ granted: boolean }>(
      `select exists (select 1 from public.customer_moderators m join auth.users u on u.id = m.user_id where u.email = 'newcomer@example.test') as granted`,
    );
    expect(rows).toEqual([{ granted: false }]);
    // The confirmation code went to the invited mailbox only; its owner confirms, then answers.
    let code = '';
    const until = Date.now() + 5000;
    while (!code && Date.now() < until) {
      code =
        s.mailbox
          .list()
          .filter((m) => m.to.some((a) => a.address === 'newcomer@example.test'))
          .map((m) => /\b(\d{6})\b/.exec(m.text)?.[1] ?? '')
          .find(Boolean) ?? '';
      if (!code) await new Promise((r) => setTimeout(r, 100));
    }
    const verified = await newcomer.auth.verifyOtp({ email: 'newcomer@example.test', token: code, type: 'signup' });
    expect(verified.error).toBeNull();
    const mine = await newcomer.rpc('my_invitations');
    expect((mine.data as { customer_id: string }[]).map((r) => r.customer_id)).toEqual([HOTEL_A]);
    expect(
      (await newcomer.rpc('accept_invitation', { p_invitation_id: (mine.data as { id: string }[])[0]!.id })).data,
    ).toBe(HOTEL_A);
  });
});

describe('invitations under concurrency on postgres', () => {
  const RACERS = 20;
  let s: TestStack;
  beforeAll(async () => {
    s = await startTestStack('postgres');
  });
  afterAll(async () => {
    await s?.stop();
  });

  /** Each call with its claims, on its own connection, all fired at once. */
  const race = (calls: { claims: Record<string, unknown>; sql: string; params: unknown[] }[]) =>
    raceOnPostgres(
      s.dbUrl!,
      calls.map(({ claims, sql, params }) => ({
        prepare: impersonate({ role: String(claims.role), 'request.jwt.claims': JSON.stringify(claims) }),
        sql,
        params,
      })),
    );
  const newInvitation = async (email: string) =>
    (
      await s.db.query<{ id: string }>(
        `insert into public.invitations (customer_id, email, invited_by) values ($1, $2, $3) returning id`,
        [HOTEL_A, email, USERS.moderator],
      )
    ).rows[0]!.id;

  it('20 concurrent accepts of one invitation: all answer the hotel, one membership, accepted once', async () => {
    const id = await newInvitation('traveller@demo.test');
    const results = await race(
      Array.from({ length: RACERS }, () => ({
        claims: claimsFor('plain'),
        sql: 'select public.accept_invitation($1) as r',
        params: [id],
      })),
    );
    expect(results).toEqual(Array(RACERS).fill({ ok: true, value: HOTEL_A }));
    const { rows } = await s.db.query(
      `select (select count(*)::int from public.customer_moderators where customer_id = $1 and user_id = $2) as memberships,
              (select status::text from public.invitations where id = $3) as status`,
      [HOTEL_A, USERS.traveller, id],
    );
    expect(rows).toEqual([{ memberships: 1, status: 'accepted' }]);
    await s.db.query('delete from public.customer_moderators where customer_id = $1 and user_id = $2', [
      HOTEL_A,
      USERS.traveller,
    ]);
  });

  it('10 accepts racing 10 withdrawals: either accepted and granted, or withdrawn and not, never both', async () => {
    for (let round = 0; round < 5; round++) {
      const id = await newInvitation(`round-${round}@demo.test`);
      await s.db.query(`update auth.users set email = $1 where id = $2`, [`round-${round}@demo.test`, USERS.traveller]);
      const calls = Array.from({ length: RACERS }, (_, i) =>
        i % 2 === 0
          ? { claims: claimsFor('plain'), sql: 'select public.accept_invitation($1) as r', params: [id] }
          : { claims: claimsFor('moderatorA'), sql: 'select public.withdraw_invitation($1)::text as r', params: [id] },
      );
      await race(calls);
      const { rows } = await s.db.query<{ status: string; granted: boolean }>(
        `select i.status::text as status, exists (select 1 from public.customer_moderators m where m.customer_id = $1 and m.user_id = $2) as granted
         from public.invitations i where i.id = $3`,
        [HOTEL_A, USERS.traveller, id],
      );
      expect([
        ['accepted', true],
        ['withdrawn', false],
      ]).toContainEqual([rows[0]!.status, rows[0]!.granted]);
      await s.db.query('delete from public.customer_moderators where customer_id = $1 and user_id = $2', [
        HOTEL_A,
        USERS.traveller,
      ]);
    }
    await s.db.query(`update auth.users set email = 'traveller@demo.test' where id = $1`, [USERS.traveller]);
  });

  it('20 concurrent invitations with 5 left of the daily allowance: exactly 5 are sent', async () => {
    await s.db.query('delete from public.invitations');
    for (let i = 0; i < 15; i++) await newInvitation(`before-${i}@demo.test`);
    const results = await race(
      Array.from({ length: RACERS }, (_, i) => ({
        claims: claimsFor('moderatorA'),
        sql: 'select id as r from public.invite_moderator($1, $2)',
        params: [HOTEL_A, `racer-${i}@demo.test`],
      })),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(5);
    expect(results.filter((r) => !r.ok).map((r) => r.detail)).toEqual(Array(RACERS - 5).fill('invitation_limit'));
    const { rows } = await s.db.query(`select count(*)::int as n from public.invitations where customer_id = $1`, [
      HOTEL_A,
    ]);
    expect(rows).toEqual([{ n: 20 }]);
  });

  it('20 concurrent invitations of one address: one pending invitation, one mail', async () => {
    await s.db.query('delete from public.invitations');
    const before = (
      await s.db.query<{ n: number }>(
        `select count(*)::int as n from private.mail_outbox where to_email = 'same@demo.test'`,
      )
    ).rows[0]!.n;
    const results = await race(
      Array.from({ length: RACERS }, () => ({
        claims: claimsFor('moderatorA'),
        sql: 'select id as r from public.invite_moderator($1, $2)',
        params: [HOTEL_A, 'same@demo.test'],
      })),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).map((r) => r.detail)).toEqual(Array(RACERS - 1).fill('already_invited'));
    const { rows } = await s.db.query<{ n: number }>(
      `select count(*)::int as n from private.mail_outbox where to_email = 'same@demo.test'`,
    );
    expect(rows[0]!.n - before).toBe(1);
  });
});
