// Rate limits with deliberately low budgets: sign-up, verification, token (password and refresh) and anonymous
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

  it('limits sign-ups (429 over_request_rate_limit); password sign-ins share the token budget with refreshes', async () => {
    // GoTrue: POST /signup is limited by RATE_LIMIT_OTP (the CLI's `sign_in_sign_ups`), every grant of
    // POST /token but web3 by one limiter, RATE_LIMIT_TOKEN_REFRESH (`token_refresh`): password sign-ins do not
    // use up sign-ups (supabase-js's integration test signs in 16 times and up 21 times in 5 minutes)
    const email = uniqueEmail();
    const up = await s.anon().auth.signUp({ email, password: 'secret123' });
    expect(up.error).toBeNull();
    for (let i = 0; i < 2; i++)
      expect((await s.anon().auth.signInWithPassword({ email, password: 'secret123' })).error).toBeNull();
    expect((await s.anon().auth.signUp({ email: uniqueEmail(), password: 'secret123' })).error).toBeNull();
    expect((await s.anon().auth.signInWithPassword({ email, password: 'wrong-pass' })).error?.code).toBe(
      'invalid_credentials',
    );
    const over = await s.anon().auth.signInWithPassword({ email, password: 'secret123' });
    expect(over.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
    const r = await fetch(`${s.apiUrl}/auth/v1/token?grant_type=refresh_token`, {
      method: 'POST',
      headers: { apikey: s.config.auth.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ refresh_token: up.data.session!.refresh_token }),
    });
    expect(r.status).toBe(429);
    expect((await r.json()).code).toBe('over_request_rate_limit');

    expect((await s.anon().auth.signUp({ email: uniqueEmail(), password: 'secret123' })).error).toBeNull();
    const overUp = await s.anon().auth.signUp({ email: uniqueEmail(), password: 'secret123' });
    expect(overUp.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
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
