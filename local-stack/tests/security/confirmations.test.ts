// Issue #26, e-mail confirmation: nobody takes an address that is not theirs. With the project's
// config.toml (confirmations on, as hosted Supabase has them) sign-up gives no session and sign-in
// answers email_not_confirmed until the link mailed to the address is followed; an e-mail change (of a
// normal or an anonymous user) changes nothing until the mails are confirmed; the auth rate limits are
// the hosted defaults and hold under 20 concurrent requests on PostgreSQL. Mails are read through the
// inbox's HTTP API (Mailpit's shape), links followed as a browser would (no redirect following).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { loadConfig } from '../../src/config.ts';
import { BACKENDS, repoSupabaseDir, startTestStack, stopPgServer, type TestStack } from '../../testing/stack.ts';

afterAll(stopPgServer);

let n = 0;
const uniqueEmail = (tag: string) => `${tag}-${Date.now().toString(36)}-${++n}@example.com`;
const PASSWORD = 'secret123';
const SITE = 'http://localhost:3000';
/** Wrong tries a mailed code survives; the next wrong one kills it (as reset codes, tests/security/auth.test.ts). */
const TRIES = 5;

interface InboxMail {
  ID: string;
  To: { Address: string }[];
  Subject: string;
}

/** Every mail to `address`, newest first, with its text (the inbox's /api/v1 endpoints). */
async function mailsTo(s: TestStack, address: string): Promise<{ subject: string; text: string; html: string }[]> {
  const list = (await (await fetch(`${s.inboxUrl}/api/v1/messages?limit=500`)).json()) as { messages: InboxMail[] };
  const mine = list.messages.filter((m) => m.To.some((t) => t.Address.toLowerCase() === address.toLowerCase()));
  const out = [];
  for (const m of mine) {
    const full = (await (await fetch(`${s.inboxUrl}/api/v1/message/${m.ID}`)).json()) as {
      Subject: string;
      Text: string;
      HTML: string;
    };
    out.push({ subject: full.Subject, text: full.Text, html: full.HTML });
  }
  return out;
}

/** The confirmation link of the newest mail to `address`. */
async function linkFor(s: TestStack, address: string): Promise<string> {
  const [mail] = await mailsTo(s, address);
  expect(mail, `a mail to ${address}`).toBeTruthy();
  const m = /https?:\/\/[^\s"<>]+\/auth\/v1\/verify\?[^\s"<>]+/.exec(mail!.text);
  expect(m, `a verify link in the mail to ${address}`).toBeTruthy();
  return m![0].replace(/&amp;/g, '&');
}

/** Follows a link as a browser's first hop: the 303 and where it points, fragment parsed. */
async function follow(link: string): Promise<{ status: number; location: string; fragment: URLSearchParams }> {
  const r = await fetch(link, { redirect: 'manual' });
  const location = r.headers.get('location') ?? '';
  return { status: r.status, location, fragment: new URLSearchParams(location.split('#')[1] ?? '') };
}

async function signedIn(s: TestStack, email: string): Promise<{ client: SupabaseClient; id: string }> {
  const client = s.client();
  const { data, error } = await client.auth.signInWithPassword({ email, password: PASSWORD });
  expect(error).toBeNull();
  return { client, id: data.user!.id };
}

/** A confirmed account, made as a user makes one: sign-up, then the mail's link. */
async function confirmedUser(s: TestStack, tag: string): Promise<string> {
  const email = uniqueEmail(tag);
  expect((await s.anon().auth.signUp({ email, password: PASSWORD })).error).toBeNull();
  expect((await follow(await linkFor(s, email))).fragment.get('access_token')).toBeTruthy();
  return email;
}

describe('the project config (what `supabase config push` would carry)', () => {
  it('has confirmations on and the hosted default rate limits', () => {
    const c = loadConfig(repoSupabaseDir, {});
    expect(c.auth.email.enableConfirmations).toBe(true);
    expect(c.auth.email.doubleConfirmChanges).toBe(true);
    expect(c.auth.rateLimit).toEqual({
      emailSent: 2,
      signInSignUps: 30,
      tokenVerifications: 30,
      anonymousUsers: 30,
      tokenRefresh: 150,
    });
  });

  it('can switch confirmations off as the CLI does (enable_confirmations = false)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gm-confirm-'));
    try {
      fs.writeFileSync(
        path.join(dir, 'config.toml'),
        '[auth.email]\nenable_confirmations = false\ndouble_confirm_changes = false\n',
      );
      const c = loadConfig(dir, {});
      expect(c.auth.email.enableConfirmations).toBe(false);
      expect(c.auth.email.doubleConfirmChanges).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.each(BACKENDS)('e-mail confirmation on %s', (backend) => {
  let s: TestStack;
  beforeAll(async () => {
    // The project's own config.toml, confirmations included; this file raises only the limits it
    // would otherwise exhaust (every request comes from 127.0.0.1).
    s = await startTestStack(backend, {
      seed: false,
      configure: (c) => {
        for (const k of Object.keys(c.auth.rateLimit) as (keyof typeof c.auth.rateLimit)[])
          c.auth.rateLimit[k] = 10_000;
        c.auth.email.maxFrequencySeconds = 0;
      },
    });
  });
  afterAll(async () => {
    await s?.stop();
  });

  it('sign-up gives no session; sign-in answers email_not_confirmed until the mailed link is followed', async () => {
    const email = uniqueEmail('signup');
    const up = await s
      .anon()
      .auth.signUp({ email, password: PASSWORD, options: { emailRedirectTo: `${SITE}/about-us` } });
    expect(up.error).toBeNull();
    expect(up.data.session).toBeNull();
    expect(up.data.user!.email_confirmed_at).toBeUndefined();
    const early = await s.anon().auth.signInWithPassword({ email, password: PASSWORD });
    expect(early.error).toMatchObject({ status: 400, code: 'email_not_confirmed' });

    const link = await linkFor(s, email);
    expect(new URL(link).searchParams.get('type')).toBe('signup');
    const hop = await follow(link);
    expect(hop.status).toBe(303);
    expect(hop.location.startsWith(`${SITE}/about-us#`)).toBe(true);
    expect(hop.fragment.get('type')).toBe('signup');
    const token = hop.fragment.get('access_token')!;
    const me = await s.anon().auth.getUser(token);
    expect(me.data.user).toMatchObject({ id: up.data.user!.id, email });
    expect(me.data.user!.email_confirmed_at).toBeTruthy();
    expect((await s.anon().auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();

    // A link works once; a second use lands on the site with GoTrue's error fragment.
    const again = await follow(link);
    expect(again.status).toBe(303);
    expect(again.fragment.get('error_code')).toBe('otp_expired');
    expect(again.fragment.get('access_token')).toBeNull();
  });

  it('a redirect outside the allow list lands on site_url; the link can also be used as verifyOtp({token_hash})', async () => {
    const email = uniqueEmail('redirect');
    await s
      .anon()
      .auth.signUp({ email, password: PASSWORD, options: { emailRedirectTo: 'https://evil.example/steal' } });
    const link = await linkFor(s, email);
    expect(new URL(link).searchParams.get('redirect_to')).toBe(SITE);
    const tokenHash = new URL(link).searchParams.get('token')!;
    const v = await s.anon().auth.verifyOtp({ token_hash: tokenHash, type: 'email' });
    expect(v.error).toBeNull();
    expect(v.data.user!.email_confirmed_at).toBeTruthy();
  });

  it('the link token is not derived from the code: sha224(email + code) confirms nothing as a token_hash', async () => {
    const { createHash } = await import('node:crypto');
    const email = uniqueEmail('hash');
    await s.anon().auth.signUp({ email, password: PASSWORD });
    const [mail] = await mailsTo(s, email);
    const code = /\b(\d{6})\b/.exec(mail!.text)![1]!;
    const guess = createHash('sha224')
      .update(email + code)
      .digest('hex');
    const v = await s.anon().auth.verifyOtp({ token_hash: guess, type: 'signup' });
    expect(v.error).toMatchObject({ code: 'otp_expired' });
    expect((await s.anon().auth.signInWithPassword({ email, password: PASSWORD })).error).toMatchObject({
      code: 'email_not_confirmed',
    });
  });

  it('signing up again with a confirmed address answers as a new sign-up and changes nothing', async () => {
    const email = await confirmedUser(s, 'again');
    const before = (await mailsTo(s, email)).length;
    const dup = await s.anon().auth.signUp({ email, password: 'another-password' });
    expect(dup.error).toBeNull();
    expect(dup.data.session).toBeNull();
    expect(dup.data.user!.identities).toEqual([]);
    expect((await mailsTo(s, email)).length).toBe(before);
    expect((await s.anon().auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    expect((await s.anon().auth.signInWithPassword({ email, password: 'another-password' })).error).toMatchObject({
      code: 'invalid_credentials',
    });
  });

  it('resend mails a new link and the old one stops working', async () => {
    const email = uniqueEmail('resend');
    await s.anon().auth.signUp({ email, password: PASSWORD });
    const first = await linkFor(s, email);
    expect((await s.anon().auth.resend({ type: 'signup', email })).error).toBeNull();
    const second = await linkFor(s, email);
    expect(second).not.toBe(first);
    expect((await follow(first)).fragment.get('error_code')).toBe('otp_expired');
    expect((await follow(second)).fragment.get('access_token')).toBeTruthy();
  });

  it("a user's e-mail change changes nothing until both addresses confirm (secure e-mail change)", async () => {
    const oldEmail = await confirmedUser(s, 'owner');
    const { client, id } = await signedIn(s, oldEmail);
    const newEmail = uniqueEmail('victim');
    const upd = await client.auth.updateUser({ email: newEmail }, { emailRedirectTo: `${SITE}/user/settings` });
    expect(upd.error).toBeNull();
    expect(upd.data.user).toMatchObject({ email: oldEmail, new_email: newEmail });
    expect((await client.auth.getUser()).data.user!.email).toBe(oldEmail);
    expect((await s.anon().auth.signInWithPassword({ email: newEmail, password: PASSWORD })).error).toMatchObject({
      code: 'invalid_credentials',
    });

    const toNew = await linkFor(s, newEmail);
    const toOld = await linkFor(s, oldEmail);
    expect(new URL(toNew).searchParams.get('type')).toBe('email_change');
    expect(toOld).not.toBe(toNew);
    const one = await follow(toNew);
    expect(one.fragment.get('access_token')).toBeNull();
    expect(one.fragment.get('message')).toMatch(/Confirmation link accepted/);
    expect((await client.auth.getUser()).data.user!.email).toBe(oldEmail);

    const both = await follow(toOld);
    expect(both.location.startsWith(`${SITE}/user/settings#`)).toBe(true);
    expect(both.fragment.get('access_token')).toBeTruthy();
    expect((await client.auth.getUser()).data.user).toMatchObject({ id, email: newEmail });
    expect((await s.anon().auth.signInWithPassword({ email: newEmail, password: PASSWORD })).data.user?.id).toBe(id);
    expect((await s.anon().auth.signInWithPassword({ email: oldEmail, password: PASSWORD })).error).toMatchObject({
      code: 'invalid_credentials',
    });
  });

  it('an e-mail change to an address in use is refused (email_exists) and mails nobody', async () => {
    const a = await confirmedUser(s, 'taken-a');
    const b = await confirmedUser(s, 'taken-b');
    const before = (await mailsTo(s, b)).length;
    const { client } = await signedIn(s, a);
    const upd = await client.auth.updateUser({ email: b });
    expect(upd.error).toMatchObject({ status: 422, code: 'email_exists' });
    expect((await mailsTo(s, b)).length).toBe(before);
  });

  it('an anonymous user who sets an e-mail stays anonymous until the new address confirms', async () => {
    const c = s.client();
    const anon = await c.auth.signInAnonymously();
    expect(anon.error).toBeNull();
    const id = anon.data.user!.id;
    const email = uniqueEmail('anon-victim');
    const upd = await c.auth.updateUser({ email, password: PASSWORD });
    expect(upd.error).toBeNull();
    expect(upd.data.user).toMatchObject({ id, email: '', new_email: email, is_anonymous: true });
    // Nothing about the address counts yet: no sign-in with it, no e-mail in the token.
    expect((await s.anon().auth.signInWithPassword({ email, password: PASSWORD })).error).toMatchObject({
      code: 'invalid_credentials',
    });
    const refreshed = await c.auth.refreshSession();
    expect(refreshed.data.user).toMatchObject({ email: '', is_anonymous: true });

    const first = await linkFor(s, email);
    expect(new URL(first).searchParams.get('type')).toBe('email_change');
    // A new link on request (by the pending address: a guest has no other); the first one dies.
    expect((await s.anon().auth.resend({ type: 'email_change', email })).error).toBeNull();
    const link = await linkFor(s, email);
    expect(link).not.toBe(first);
    expect((await follow(first)).fragment.get('error_code')).toBe('otp_expired');
    const hop = await follow(link);
    expect(hop.fragment.get('access_token')).toBeTruthy();
    const after = await c.auth.refreshSession();
    expect(after.data.user).toMatchObject({ id, email, is_anonymous: false });
    expect((await s.anon().auth.signInWithPassword({ email, password: PASSWORD })).data.user?.id).toBe(id);
  });

  /** POST /verify as supabase-js sends it; the status and GoTrue's error body. */
  const verifyRaw = async (body: Record<string, string>, api = s.apiUrl) => {
    const res = await fetch(`${api}/auth/v1/verify`, {
      method: 'POST',
      headers: { apikey: s.config.auth.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  /** The code of the newest mail to `address` (the mail shows it beside the link). */
  const codeIn = async (address: string) => {
    const [mail] = await mailsTo(s, address);
    return /data-code="(\d{6})"/.exec(mail!.html)![1]!;
  };
  const wrongCode = (code: string, i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');

  it(`a sign-up code dies after ${TRIES} wrong tries: the right code and the link fail after them`, async () => {
    // Fewer wrong tries leave the code usable (a typo is not fatal).
    const typo = uniqueEmail('code-typo');
    await s.anon().auth.signUp({ email: typo, password: PASSWORD });
    const typoCode = await codeIn(typo);
    for (let i = 0; i < TRIES - 1; i++)
      expect((await verifyRaw({ type: 'signup', email: typo, token: wrongCode(typoCode, i) })).body.code).toBe(
        'otp_expired',
      );
    expect((await verifyRaw({ type: 'signup', email: typo, token: typoCode })).status).toBe(200);

    const email = uniqueEmail('code-guessed');
    await s.anon().auth.signUp({ email, password: PASSWORD });
    const code = await codeIn(email);
    const link = await linkFor(s, email);
    for (let i = 0; i < TRIES; i++) {
      const r = await verifyRaw({ type: i % 2 ? 'email' : 'signup', email, token: wrongCode(code, i) });
      expect(r.status).toBe(403);
      expect(r.body.code).toBe('otp_expired');
    }
    const right = await verifyRaw({ type: 'signup', email, token: code });
    expect(right.status).toBe(403);
    expect(right.body.code).toBe('otp_expired');
    expect(right.body).not.toHaveProperty('access_token');
    expect((await follow(link)).fragment.get('error_code')).toBe('otp_expired');
    expect((await s.anon().auth.signInWithPassword({ email, password: PASSWORD })).error).toMatchObject({
      code: 'email_not_confirmed',
    });
  });

  it(`an e-mail change code mailed to someone else's address dies after ${TRIES} wrong tries by the account's owner`, async () => {
    // The attacker asks for the victim's address; the victim gets a code the attacker tries to guess.
    const attacker = await confirmedUser(s, 'guesser');
    const { client, id } = await signedIn(s, attacker);
    const victim = uniqueEmail('guess-victim');
    expect((await client.auth.updateUser({ email: victim })).error).toBeNull();
    const code = await codeIn(victim);
    const link = await linkFor(s, victim);
    for (let i = 0; i < TRIES; i++) {
      const r = await verifyRaw({ type: 'email_change', email: victim, token: wrongCode(code, i) });
      expect(r.status).toBe(403);
      expect(r.body.code).toBe('otp_expired');
    }
    const right = await verifyRaw({ type: 'email_change', email: victim, token: code });
    expect(right.status).toBe(403);
    expect(right.body.code).toBe('otp_expired');
    expect((await follow(link)).fragment.get('error_code')).toBe('otp_expired');
    // Nor does confirming the other side complete the change on its own.
    expect((await follow(await linkFor(s, attacker))).fragment.get('access_token')).toBeNull();
    expect((await client.auth.getUser()).data.user).toMatchObject({ id, email: attacker });
  });

  it(`20 wrong tries at one sign-up code in parallel count at most ${TRIES}: the right code is dead afterwards`, async () => {
    const email = uniqueEmail('code-parallel');
    const up = await s.anon().auth.signUp({ email, password: PASSWORD });
    const code = await codeIn(email);
    // On PostgreSQL a second stack on the same database takes half the tries: two pools of 10, so the 20
    // tries run on up to 20 connections at once (the count must hold in the database, not in one process).
    const other =
      backend === 'postgres'
        ? await startTestStack(backend, {
            databaseUrl: s.dbUrl!,
            seed: false,
            configure: (c) => Object.assign(c.auth.rateLimit, s.config.auth.rateLimit),
          })
        : null;
    const apis = [s.apiUrl, other?.apiUrl ?? s.apiUrl];
    let answers: { status: number }[];
    try {
      answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          verifyRaw({ type: 'signup', email, token: wrongCode(code, i) }, apis[i % 2]),
        ),
      );
    } finally {
      await other?.stop();
    }
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(403));
    expect((await verifyRaw({ type: 'signup', email, token: code })).status).toBe(403);
    const counted = await s.db.query<{ n: number }>(
      "select failed_attempts as n from _auth.otp_codes where user_id = $1 and token_type = 'confirmation_token'",
      [up.data.user!.id],
    );
    expect(counted.rows.map((r) => Number(r.n))).toEqual([TRIES]);
  });

  it('with confirmations switched off (as the CLI by config) sign-up signs in and e-mail changes apply at once', async () => {
    s.config.auth.email.enableConfirmations = false;
    try {
      const settings = (await (
        await fetch(`${s.apiUrl}/auth/v1/settings`, { headers: { apikey: s.config.auth.anonKey } })
      ).json()) as { mailer_autoconfirm: boolean };
      expect(settings.mailer_autoconfirm).toBe(true);
      const email = uniqueEmail('autoconfirm');
      const c = s.client();
      const up = await c.auth.signUp({ email, password: PASSWORD });
      expect(up.data.session).toBeTruthy();
      const next = uniqueEmail('autoconfirm-new');
      const upd = await c.auth.updateUser({ email: next });
      expect(upd.data.user).toMatchObject({ email: next });
    } finally {
      s.config.auth.email.enableConfirmations = true;
    }
  });
});

describe.each(BACKENDS)('hosted default limits on %s', (backend) => {
  let s: TestStack;
  beforeAll(async () => {
    // The project's limits as they are (2 mails an hour, 30 sign-ups/sign-ins per 5 minutes, per client).
    s = await startTestStack(backend, { seed: false });
  });
  afterAll(async () => {
    await s?.stop();
  });

  it('20 concurrent sign-ups from one client: 2 mails go out, 2 accounts exist, the rest get 429', async () => {
    const emails = Array.from({ length: 20 }, (_, i) => uniqueEmail(`burst${i}`));
    const results = await Promise.all(emails.map((email) => s.anon().auth.signUp({ email, password: PASSWORD })));
    const ok = results.filter((r) => !r.error);
    const limited = results.filter((r) => r.error?.status === 429);
    expect(ok.length).toBe(2);
    expect(limited.length).toBe(18);
    expect(limited.every((r) => r.error!.code === 'over_email_send_rate_limit')).toBe(true);
    const rows = await s.db.query<{ n: string }>(
      `select count(*)::text as n from auth.users where email like 'burst%'`,
    );
    expect(Number(rows.rows[0]!.n)).toBe(2);
    const list = (await (await fetch(`${s.inboxUrl}/api/v1/messages`)).json()) as { messages: InboxMail[] };
    expect(list.messages.filter((m) => m.To[0]!.Address.startsWith('burst')).length).toBe(2);
  });
});
