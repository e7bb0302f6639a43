// Password recovery by code: POST /recover (same answer for unknown e-mails) mails a 6-digit code
// to the inbox, POST /verify type=recovery trades it for a session once; wrong, reused and expired
// codes are 403 otp_expired. The columns GoTrue uses hold the link's random token_hash.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestStack, stopPgServer, type TestStack } from '../../testing/stack.ts';

afterAll(stopPgServer);

let n = 0;
const uniqueEmail = (p = 'recover') => `${p}-${Date.now().toString(36)}-${++n}@example.com`;

interface Listing {
  total: number;
  messages: { ID: string; To: { Address: string }[]; Subject: string; Snippet: string }[];
}

describe.each(BACKENDS)('auth recovery on %s', (backend) => {
  let s: TestStack;

  beforeAll(async () => {
    s = await startTestStack(backend, {
      seed: false,
      configure: (c) => {
        // GoTrue with mailer autoconfirm (the CLI's default): sign-up signs in. The project's own
        // setting (confirmations on) is covered by tests/security/confirmations.test.ts.
        c.auth.email.enableConfirmations = false;
        c.auth.email.maxFrequencySeconds = 0;
        c.auth.hooks.customAccessToken = null;
        for (const k of Object.keys(c.auth.rateLimit) as (keyof typeof c.auth.rateLimit)[])
          c.auth.rateLimit[k] = 10_000;
      },
    });
  });
  afterAll(async () => {
    await s?.stop();
  });

  const inbox = async () => (await (await fetch(`${s.inboxUrl}/api/v1/messages`)).json()) as Listing;
  async function codeFor(email: string): Promise<string> {
    const mail = (await inbox()).messages.find((m) => m.To[0]!.Address === email)!;
    expect(mail).toBeTruthy();
    const full = (await (await fetch(`${s.inboxUrl}/api/v1/message/${mail.ID}`)).json()) as {
      Text: string;
      Subject: string;
    };
    return /\b(\d{6})\b/.exec(full.Text)![1]!;
  }
  const verifyRaw = async (body: unknown) => {
    const res = await fetch(`${s.apiUrl}/auth/v1/verify`, {
      method: 'POST',
      headers: {
        apikey: s.config.auth.anonKey,
        'Content-Type': 'application/json',
        'X-Supabase-Api-Version': '2024-01-01',
      },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  it('mails a 6-digit code, verify gives a session, the new password works', async () => {
    const email = uniqueEmail();
    const up = await s.anon().auth.signUp({ email, password: 'old-password' });
    const id = up.data.user!.id;
    const c = s.anon();
    const sent = await c.auth.resetPasswordForEmail(email);
    expect(sent).toEqual({ data: {}, error: null });

    const code = await codeFor(email);
    expect(code).toMatch(/^\d{6}$/);
    const mail = (await inbox()).messages.find((m) => m.To[0]!.Address === email)!;
    expect(mail.Subject).toBe('Reset your Guestmap password');
    const row = await s.db.query<{ recovery_token: string; recovery_sent_at: unknown }>(
      'select recovery_token, recovery_sent_at from auth.users where id = $1',
      [id],
    );
    // The link's token_hash, shaped as GoTrue's (56 hex digits) but random: not sha224(email + code), which anyone could compute.
    const hash = row.rows[0]!.recovery_token;
    expect(hash).toMatch(/^[0-9a-f]{56}$/);
    expect(hash).not.toBe(
      crypto
        .createHash('sha224')
        .update(email + code)
        .digest('hex'),
    );
    expect(row.rows[0]!.recovery_sent_at).not.toBeNull();
    const ott = await s.db.query<{ token_type: string; token_hash: string; relates_to: string }>(
      'select token_type::text as token_type, token_hash, relates_to from auth.one_time_tokens where user_id = $1',
      [id],
    );
    expect(ott.rows).toEqual([{ token_type: 'recovery_token', token_hash: hash, relates_to: email }]);

    const v = await c.auth.verifyOtp({ email, token: code, type: 'recovery' });
    expect(v.error).toBeNull();
    expect(v.data.session!.user.id).toBe(id);
    const claims = JSON.parse(Buffer.from(v.data.session!.access_token.split('.')[1]!, 'base64url').toString()) as {
      amr: { method: string }[];
    };
    expect(claims.amr[0]!.method).toBe('recovery');
    expect((await s.db.query('select 1 from auth.one_time_tokens where user_id = $1', [id])).rows).toHaveLength(0);

    expect((await c.auth.updateUser({ password: 'new-password' })).error).toBeNull();
    expect((await s.anon().auth.signInWithPassword({ email, password: 'new-password' })).error).toBeNull();
    expect((await s.anon().auth.signInWithPassword({ email, password: 'old-password' })).error?.code).toBe(
      'invalid_credentials',
    );

    // A code works once.
    const reuse = await verifyRaw({ email, token: code, type: 'recovery' });
    expect(reuse.status).toBe(403);
    expect(reuse.body.code).toBe('otp_expired');
  });

  it('answers unknown e-mails exactly like known ones, without sending anything', async () => {
    const known = uniqueEmail('known');
    await s.anon().auth.signUp({ email: known, password: 'secret123' });
    const before = (await inbox()).total;
    const ask = async (email: string) => {
      const res = await fetch(`${s.apiUrl}/auth/v1/recover`, {
        method: 'POST',
        headers: { apikey: s.config.auth.anonKey, 'Content-Type': 'application/json' },
        body: JSON.stringify({ email }),
      });
      return { status: res.status, body: await res.text() };
    };
    const a = await ask(known);
    const b = await ask(uniqueEmail('nobody'));
    expect(a).toEqual({ status: 200, body: '{}' });
    expect(b).toEqual(a);
    expect((await inbox()).total).toBe(before + 1);
    const bad = await s.anon().auth.resetPasswordForEmail('not an email');
    expect(bad.error).toMatchObject({ status: 400, code: 'validation_failed' });
  });

  it('refuses wrong and expired codes with 403 otp_expired', async () => {
    const email = uniqueEmail('expired');
    await s.anon().auth.signUp({ email, password: 'secret123' });
    await s.anon().auth.resetPasswordForEmail(email);
    const code = await codeFor(email);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const w = await s.anon().auth.verifyOtp({ email, token: wrong, type: 'recovery' });
    expect(w.error).toMatchObject({ status: 403, code: 'otp_expired' });
    // Someone else's address with this code fails too.
    expect((await verifyRaw({ email: uniqueEmail('other'), token: code, type: 'recovery' })).body.code).toBe(
      'otp_expired',
    );

    await s.db.query(`update auth.users set recovery_sent_at = now() - interval '2 hours' where email = $1`, [email]);
    const late = await verifyRaw({ email, token: code, type: 'recovery' });
    expect(late.status).toBe(403);
    expect(late.body.code).toBe('otp_expired');
  });

  it('with confirmations on, sign-up mails a code and returns no session until it is verified', async () => {
    s.config.auth.email.enableConfirmations = true;
    try {
      const email = uniqueEmail('confirm');
      const up = await s.anon().auth.signUp({ email, password: 'secret123' });
      expect(up.error).toBeNull();
      expect(up.data.session).toBeNull();
      expect(up.data.user).toMatchObject({ email, identities: [{ provider: 'email' }] });
      expect(up.data.user!.email_confirmed_at).toBeUndefined();
      const early = await s.anon().auth.signInWithPassword({ email, password: 'secret123' });
      expect(early.error).toMatchObject({ status: 400, code: 'email_not_confirmed' });

      const mail = (await inbox()).messages.find((m) => m.To[0]!.Address === email)!;
      expect(mail.Subject).toBe('Confirm your Guestmap account');
      const code = await codeFor(email);
      const v = await s.anon().auth.verifyOtp({ email, token: code, type: 'signup' });
      expect(v.error).toBeNull();
      expect(v.data.user!.email_confirmed_at).toBeTruthy();
      expect((await s.anon().auth.signInWithPassword({ email, password: 'secret123' })).error).toBeNull();
    } finally {
      s.config.auth.email.enableConfirmations = false;
    }
  });
});
