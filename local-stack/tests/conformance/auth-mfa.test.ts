// Multi-factor authentication through supabase-js's unchanged `auth.mfa`: TOTP enrolment (QR code, secret,
// URI), challenge, verify (a new aal2 session, `totp` in amr), challengeAndVerify, listFactors,
// getAuthenticatorAssuranceLevel, unenrol (aal2 needed for a verified factor), refresh keeping aal2,
// GoTrue's error codes, and the admin's factor reset; factors stored in auth.mfa_* as on hosted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { totpCode } from '../../src/auth/totp.ts';
import { BACKENDS, startTestStack, stopPgServer, type TestStack } from '../../testing/stack.ts';

afterAll(stopPgServer);

const decode = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
let n = 0;
const uniqueEmail = () => `mfa-${Date.now().toString(36)}-${++n}@example.com`;

describe.each(BACKENDS)('auth MFA (TOTP) on %s', (backend) => {
  let s: TestStack;
  const password = 'secret123';

  beforeAll(async () => {
    s = await startTestStack(backend, {
      seed: false,
      configure: (c) => {
        c.auth.email.enableConfirmations = false;
        for (const k of Object.keys(c.auth.rateLimit) as (keyof typeof c.auth.rateLimit)[])
          c.auth.rateLimit[k] = 10_000;
      },
    });
  });
  afterAll(async () => {
    await s?.stop();
  });

  async function signedIn(): Promise<{ c: SupabaseClient; email: string; id: string }> {
    const email = uniqueEmail();
    const c = s.anon();
    const { data, error } = await c.auth.signUp({ email, password });
    expect(error).toBeNull();
    return { c, email, id: data.user!.id };
  }

  async function enrolled(c: SupabaseClient, name = 'phone') {
    const { data, error } = await c.auth.mfa.enroll({ factorType: 'totp', friendlyName: name });
    expect(error).toBeNull();
    return data!;
  }

  it('enrols a TOTP factor: QR code, secret and otpauth URI; the factor is unverified until a code', async () => {
    const { c, email, id } = await signedIn();
    const f = await enrolled(c);
    expect(f.type).toBe('totp');
    expect(f.friendly_name).toBe('phone');
    expect(f.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg /);
    expect(f.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    // The issuer is the site URL's host when the app names none (as GoTrue does).
    const issuer = encodeURIComponent(new URL(s.config.auth.siteUrl).host);
    expect(f.totp.uri).toBe(
      `otpauth://totp/${issuer}:${encodeURIComponent(email)}?algorithm=SHA1&digits=6&issuer=${issuer}&period=30&secret=${f.totp.secret}`,
    );
    const list = await c.auth.mfa.listFactors();
    expect(list.error).toBeNull();
    expect(list.data!.all).toEqual([expect.objectContaining({ id: f.id, status: 'unverified', factor_type: 'totp' })]);
    expect(list.data!.totp).toEqual([]);
    const row = await s.db.query<{ user_id: string; status: string; secret: string }>(
      'select user_id::text as user_id, status::text as status, secret from auth.mfa_factors where id = $1',
      [f.id],
    );
    expect(row.rows).toEqual([{ user_id: id, status: 'unverified', secret: f.totp.secret }]);
    const aal = await c.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(aal.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' });
  });

  it('challenge and verify: aal2 session with totp in amr, kept on refresh; the factor is verified', async () => {
    const { c } = await signedIn();
    const f = await enrolled(c);
    const before = (await c.auth.getSession()).data.session!;
    expect(decode(before.access_token)).toMatchObject({ aal: 'aal1', amr: [{ method: 'password' }] });
    const ch = await c.auth.mfa.challenge({ factorId: f.id });
    expect(ch.error).toBeNull();
    expect(ch.data).toMatchObject({ type: 'totp' });
    expect(ch.data!.expires_at).toBeGreaterThan(Date.now() / 1000 + 200);
    const v = await c.auth.mfa.verify({ factorId: f.id, challengeId: ch.data!.id, code: totpCode(f.totp.secret) });
    expect(v.error).toBeNull();
    expect(v.data!.refresh_token).not.toBe(before.refresh_token);
    const claims = decode(v.data!.access_token);
    expect(claims.aal).toBe('aal2');
    expect(claims.session_id).toBe(decode(before.access_token).session_id);
    const amr = claims.amr as { method: string; timestamp: number }[];
    expect(amr.map((a) => a.method)).toEqual(['totp', 'password']);
    expect(amr[0]!.timestamp).toBeGreaterThanOrEqual(amr[1]!.timestamp);
    const now = (await c.auth.getSession()).data.session!;
    expect(now.access_token).toBe(v.data!.access_token);
    expect(now.user.factors).toEqual([expect.objectContaining({ id: f.id, status: 'verified' })]);
    const aal = await c.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(aal.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
    expect(aal.data!.currentAuthenticationMethods).toMatchObject([{ method: 'totp' }, { method: 'password' }]);
    const list = await c.auth.mfa.listFactors();
    expect(list.data!.totp.map((x) => x.id)).toEqual([f.id]);
    // The spent refresh token is revoked; the new one refreshes into aal2 again.
    const r = await c.auth.refreshSession();
    expect(r.error).toBeNull();
    expect(decode(r.data.session!.access_token)).toMatchObject({ aal: 'aal2' });
    const sess = await s.db.query<{ aal: string; factor_id: string }>(
      'select aal::text as aal, factor_id::text as factor_id from auth.sessions where id = $1',
      [claims.session_id],
    );
    expect(sess.rows).toEqual([{ aal: 'aal2', factor_id: f.id }]);
    // A new password sign-in is aal1 with aal2 next; challengeAndVerify raises it.
    const { data: user } = await c.auth.getUser();
    const again = s.anon();
    expect((await again.auth.signInWithPassword({ email: user.user!.email!, password })).error).toBeNull();
    const a1 = await again.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(a1.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    const cv = await again.auth.mfa.challengeAndVerify({ factorId: f.id, code: totpCode(f.totp.secret) });
    expect(cv.error).toBeNull();
    expect(decode(cv.data!.access_token).aal).toBe('aal2');
  });

  it('answers GoTrue error codes: wrong code, used or unknown challenge, other user factor, bad type', async () => {
    const { c } = await signedIn();
    const f = await enrolled(c);
    const ch = (await c.auth.mfa.challenge({ factorId: f.id })).data!;
    const wrong = String((Number(totpCode(f.totp.secret)) + 500_000) % 1_000_000).padStart(6, '0');
    const bad = await c.auth.mfa.verify({ factorId: f.id, challengeId: ch.id, code: wrong });
    expect(bad.error).toMatchObject({ code: 'mfa_verification_failed', status: 422 });
    const ok = await c.auth.mfa.verify({ factorId: f.id, challengeId: ch.id, code: totpCode(f.totp.secret) });
    expect(ok.error).toBeNull();
    const reused = await c.auth.mfa.verify({ factorId: f.id, challengeId: ch.id, code: totpCode(f.totp.secret) });
    expect(reused.error).toMatchObject({ code: 'mfa_ip_address_mismatch', status: 422 });
    const unknown = await c.auth.mfa.verify({
      factorId: f.id,
      challengeId: '00000000-0000-4000-8000-000000000000',
      code: totpCode(f.totp.secret),
    });
    expect(unknown.error).toMatchObject({ code: 'mfa_factor_not_found', status: 422 });
    const empty = await c.auth.mfa.verify({ factorId: f.id, challengeId: ch.id, code: '' });
    expect(empty.error).toMatchObject({ code: 'validation_failed', status: 400 });
    const { c: other } = await signedIn();
    const foreign = await other.auth.mfa.challenge({ factorId: f.id });
    expect(foreign.error).toMatchObject({ code: 'mfa_factor_not_found', status: 404 });
    expect((await other.auth.mfa.unenroll({ factorId: f.id })).error).toMatchObject({ code: 'mfa_factor_not_found' });
    const phone = await other.auth.mfa.enroll({ factorType: 'phone', phone: '+84900000000' });
    expect(phone.error).toMatchObject({ code: 'mfa_phone_enroll_not_enabled', status: 422 });
    // A duplicate friendly name, and a second factor enrolled from an aal1 session, are refused.
    await enrolled(other, 'dup');
    const dup = await other.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'dup' });
    expect(dup.error).toMatchObject({ code: 'mfa_factor_name_conflict', status: 422 });
    const { data: u } = await c.auth.getUser();
    const aal1 = s.anon();
    await aal1.auth.signInWithPassword({ email: u.user!.email!, password });
    const second = await aal1.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'second' });
    expect(second.error).toMatchObject({ code: 'insufficient_aal', status: 403 });
  });

  it('ends the aal1 sessions of a user whose factor is verified, and unenrol needs aal2', async () => {
    const { c, email, id } = await signedIn();
    const elsewhere = s.anon();
    await elsewhere.auth.signInWithPassword({ email, password });
    const f = await enrolled(c);
    await c.auth.mfa.challengeAndVerify({ factorId: f.id, code: totpCode(f.totp.secret) });
    // The other (aal1) session is gone: its token no longer works, only the verified session is left.
    const gone = await elsewhere.auth.getUser();
    expect(gone.data.user).toBeNull();
    expect(gone.error).not.toBeNull();
    const left = await s.db.query<{ aal: string }>('select aal::text as aal from auth.sessions where user_id = $1', [
      id,
    ]);
    expect(left.rows).toEqual([{ aal: 'aal2' }]);
    const aal1 = s.anon();
    await aal1.auth.signInWithPassword({ email, password });
    const refused = await aal1.auth.mfa.unenroll({ factorId: f.id });
    expect(refused.error).toMatchObject({ code: 'insufficient_aal', status: 422 });
    const done = await c.auth.mfa.unenroll({ factorId: f.id });
    expect(done.error).toBeNull();
    expect(done.data).toEqual({ id: f.id });
    // The session goes back to aal1 (and so does its next token); the user has no factor left.
    const r = await c.auth.refreshSession();
    expect(decode(r.data.session!.access_token)).toMatchObject({ aal: 'aal1', amr: [{ method: 'password' }] });
    expect((await c.auth.mfa.listFactors()).data!.all).toEqual([]);
    const rows = await s.db.query('select 1 from auth.mfa_factors where id = $1', [f.id]);
    expect(rows.rows).toHaveLength(0);
  });

  it('lets the service role list and reset a user factor (a lost authenticator)', async () => {
    const { c, id } = await signedIn();
    const f = await enrolled(c);
    await c.auth.mfa.challengeAndVerify({ factorId: f.id, code: totpCode(f.totp.secret) });
    const admin = s.service().auth.admin.mfa;
    const list = await admin.listFactors({ userId: id });
    expect(list.error).toBeNull();
    expect(list.data!.factors).toEqual([expect.objectContaining({ id: f.id, status: 'verified' })]);
    const del = await admin.deleteFactor({ userId: id, id: f.id });
    expect(del.error).toBeNull();
    // auth-js hands back GoTrue's body (the deleted factor) wrapped as it wraps untransformed answers.
    expect(del.data).toMatchObject({ data: { id: f.id, status: 'verified' } });
    expect((await s.service().auth.admin.mfa.listFactors({ userId: id })).data!.factors).toEqual([]);
    const anon = await s.anon().auth.admin.mfa.listFactors({ userId: id });
    expect(anon.error).toMatchObject({ status: 403 });
  });
});
