// Rate limits with deliberately low budgets: sign-in/sign-up, verification, refresh and anonymous
// requests per client (429 over_request_rate_limit), and mails per address and per hour
// (429 over_email_send_rate_limit). Each backend gets its own stack, so its own counters.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestStack, stopPgServer, type TestStack } from '../../testing/stack.ts';

afterAll(stopPgServer);

let n = 0;
const uniqueEmail = (p = 'limit') => `${p}-${Date.now().toString(36)}-${++n}@example.com`;

describe.each(BACKENDS)('auth rate limits on %s', (backend) => {
  let s: TestStack;

  beforeAll(async () => {
    s = await startTestStack(backend, {
      seed: false,
      configure: (c) => {
        // GoTrue with mailer autoconfirm (the CLI's default): sign-up signs in. The project's own
        // setting (confirmations on) is covered by tests/security/confirmations.test.ts.
        c.auth.email.enableConfirmations = false;
        c.auth.rateLimit = {
          signInSignUps: 3,
          emailSent: 2,
          tokenVerifications: 3,
          tokenRefresh: 3,
          anonymousUsers: 2,
        };
        c.auth.email.maxFrequencySeconds = 60;
        c.auth.enableAnonymousSignIns = true;
        c.auth.hooks.customAccessToken = null;
      },
    });
  });
  afterAll(async () => {
    await s?.stop();
  });

  it('limits sign-up and sign-in requests (429 over_request_rate_limit), then refreshes', async () => {
    const email = uniqueEmail();
    const up = await s.anon().auth.signUp({ email, password: 'secret123' });
    expect(up.error).toBeNull();
    expect((await s.anon().auth.signInWithPassword({ email, password: 'secret123' })).error).toBeNull();
    expect((await s.anon().auth.signInWithPassword({ email, password: 'wrong-pass' })).error?.code).toBe(
      'invalid_credentials',
    );
    const over = await s.anon().auth.signInWithPassword({ email, password: 'secret123' });
    expect(over.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });

    let token = up.data.session!.refresh_token;
    for (let i = 0; i < 3; i++) {
      const r = await s.anon().auth.refreshSession({ refresh_token: token });
      expect(r.error).toBeNull();
      token = r.data.session!.refresh_token;
    }
    const r = await fetch(`${s.apiUrl}/auth/v1/token?grant_type=refresh_token`, {
      method: 'POST',
      headers: { apikey: s.config.auth.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ refresh_token: token }),
    });
    expect(r.status).toBe(429);
    expect((await r.json()).code).toBe('over_request_rate_limit');
  });

  it('limits mails per address (minimum interval) and per hour (429 over_email_send_rate_limit)', async () => {
    const a = uniqueEmail('a');
    expect((await s.anon().auth.resetPasswordForEmail(a)).error).toBeNull();
    const again = await s.anon().auth.resetPasswordForEmail(a);
    expect(again.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
    expect((await s.anon().auth.resetPasswordForEmail(uniqueEmail('b'))).error).toBeNull();
    const third = await s.anon().auth.resetPasswordForEmail(uniqueEmail('c'));
    expect(third.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
  });

  it('limits code verifications and anonymous sign-ins', async () => {
    const email = uniqueEmail('v');
    for (let i = 0; i < 3; i++) {
      const r = await s.anon().auth.verifyOtp({ email, token: '000000', type: 'recovery' });
      expect(r.error?.code).toBe('otp_expired');
    }
    const over = await s.anon().auth.verifyOtp({ email, token: '000000', type: 'recovery' });
    expect(over.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });

    expect((await s.anon().auth.signInAnonymously()).error).toBeNull();
    expect((await s.anon().auth.signInAnonymously()).error).toBeNull();
    const anon = await s.anon().auth.signInAnonymously();
    expect(anon.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
  });
});
