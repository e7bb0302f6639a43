// /factors (GoTrue's api/mfa.go): enrol a TOTP factor, challenge it, verify a code (the session becomes
// aal2 and gets a new token pair), unenrol; and the admin's list and delete of a user's factors. Phone and
// WebAuthn factors answer as a project with them disabled does.
import QRCode from 'qrcode';
import crypto from 'node:crypto';
import type { StackContext } from '../../context.ts';
import type { Queryable } from '../../db/db.ts';
import type { Req, Res } from '../../http/router.ts';
import { authError, unexpected, unprocessable, validationFailed } from '../errors.ts';
import { body, reply, str } from '../http.ts';
import {
  CHALLENGE_EXPIRY_SECONDS,
  MAX_FACTORS,
  challengeIp,
  deleteExpiredFactors,
  factorJson,
  factorsOf,
  findChallenge,
  findOwnedFactor,
  insertChallenge,
  insertTotpFactor,
  type FactorRow,
} from '../models/factors.ts';
import { insertRefreshToken, requireUser, sessionAal, sessionResponse, type Authed } from '../models/sessions.ts';
import { findUserById } from '../models/users.ts';
import { clientIp, type RateLimiter } from '../rate-limit.ts';
import { newTotpSecret, otpauthUri, verifyTotp } from '../totp.ts';
import { mustFind, requireAdmin } from './admin.ts';

const factorNotFound = () => authError(404, 'mfa_factor_not_found', 'Factor not found');

/** The signed-in user with a live session (every /factors route needs one). */
async function requireSession(
  ctx: StackContext,
  req: Req,
  q: Queryable = ctx.db,
): Promise<Authed & { sessionId: string }> {
  const a = await requireUser(ctx, req, q);
  if (!a.sessionId) throw unexpected('A valid session and a registered user are required to enroll a factor');
  return { ...a, sessionId: a.sessionId };
}

async function ownedFactor(q: Queryable, userId: string, req: Req, lock = false): Promise<FactorRow> {
  const f = await findOwnedFactor(q, userId, req.params.factorId ?? '', lock);
  if (!f) throw factorNotFound();
  return f;
}

function issuerOf(ctx: StackContext, given: string | null): string {
  if (given) return given;
  try {
    return new URL(ctx.config.auth.siteUrl).host;
  } catch {
    throw unexpected('site url is improperly formatted');
  }
}

function refuseOtherTypes(type: unknown, action: 'enroll' | 'verification'): void {
  if (type === 'phone')
    throw unprocessable(
      `mfa_phone_${action === 'enroll' ? 'enroll' : 'verify'}_not_enabled`,
      `MFA ${action} is disabled for Phone`,
    );
  if (type === 'webauthn')
    throw unprocessable(
      `mfa_webauthn_${action === 'enroll' ? 'enroll' : 'verify'}_not_enabled`,
      `MFA ${action} is disabled for WebAuthn`,
    );
  throw validationFailed('factor_type needs to be totp, phone, or webauthn');
}

export async function enrollFactor(ctx: StackContext, req: Req, res: Res): Promise<void> {
  const b = await body(req);
  const { user, sessionId } = await requireSession(ctx, req);
  if (b.factor_type !== 'totp') refuseOtherTypes(b.factor_type, 'enroll');
  const friendlyName = typeof b.friendly_name === 'string' ? b.friendly_name : '';
  const issuer = issuerOf(ctx, str(b.issuer));
  const secret = newTotpSecret();
  const uri = otpauthUri(secret, issuer, user.email ?? '');
  const qr = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'H', margin: 1 });
  const factor = await ctx.db.transaction(async (tx) => {
    // One enrolment at a time per user, so the limits below hold under concurrent requests.
    await tx.query('select id from auth.users where id = $1 for update', [user.id]);
    await deleteExpiredFactors(tx, user.id);
    const factors = await factorsOf(tx, user.id);
    if (factors.some((f) => (f.friendly_name ?? '') === friendlyName))
      throw unprocessable(
        'mfa_factor_name_conflict',
        `A factor with the friendly name "${friendlyName}" for this user already exists`,
      );
    const verified = factors.filter((f) => f.status === 'verified').length;
    if (factors.length >= MAX_FACTORS || verified >= MAX_FACTORS)
      throw unprocessable(
        'too_many_enrolled_mfa_factors',
        'Maximum number of verified factors reached, unenroll to continue',
      );
    if (verified > 0 && (await sessionAal(tx, sessionId)) !== 'aal2')
      throw authError(403, 'insufficient_aal', 'AAL2 required to enroll a new factor');
    return insertTotpFactor(tx, user.id, friendlyName, secret);
  });
  reply(res, 200, {
    id: factor.id,
    type: 'totp',
    friendly_name: factor.friendly_name ?? '',
    totp: { qr_code: qr, secret, uri },
  });
}

export async function challengeFactor(ctx: StackContext, req: Req, res: Res): Promise<void> {
  const { user } = await requireSession(ctx, req);
  const factor = await ownedFactor(ctx.db, user.id, req);
  if (factor.factor_type !== 'totp') refuseOtherTypes(factor.factor_type, 'verification');
  const c = await insertChallenge(ctx.db, factor.id, challengeIp(clientIp(req)));
  reply(res, 200, { id: c.id, type: factor.factor_type, expires_at: c.expiresAt });
}

type VerifyOutcome = { ok: Awaited<ReturnType<typeof sessionResponse>> } | { fail: ReturnType<typeof authError> };

export async function verifyFactor(ctx: StackContext, limiter: RateLimiter, req: Req, res: Res): Promise<void> {
  const b = await body(req);
  const { user, sessionId } = await requireSession(ctx, req);
  const code = typeof b.code === 'string' ? b.code.trim() : '';
  if (!code) throw validationFailed('Code needs to be non-empty');
  // Each try counts against the client's and the user's verification budget (GoTrue limits /verify per IP).
  limiter.request('tokenVerifications', clientIp(req), `mfa:${user.id}`);
  const outcome = await ctx.db.transaction<VerifyOutcome>(async (tx) => {
    const factor = await ownedFactor(tx, user.id, req, true);
    if (factor.factor_type !== 'totp') refuseOtherTypes(factor.factor_type, 'verification');
    const challenge = await findChallenge(tx, factor.id, str(b.challenge_id) ?? '');
    if (!challenge) throw unprocessable('mfa_factor_not_found', 'MFA factor with the provided challenge ID not found');
    if (challenge.verified_at || challenge.ip_address !== challengeIp(clientIp(req)))
      throw unprocessable('mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.');
    if (challenge.age > CHALLENGE_EXPIRY_SECONDS) {
      await tx.query('delete from auth.mfa_challenges where id = $1', [challenge.id]);
      return {
        fail: unprocessable(
          'mfa_challenge_expired',
          `MFA challenge ${challenge.id} has expired, verify against another challenge or create a new challenge.`,
        ),
      };
    }
    if (!factor.secret || !verifyTotp(factor.secret, code))
      return { fail: unprocessable('mfa_verification_failed', 'Invalid TOTP code entered') };
    await tx.query('update auth.mfa_challenges set verified_at = now() where id = $1', [challenge.id]);
    if (factor.status !== 'verified')
      await tx.query(`update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1`, [factor.id]);
    // The session is now aal2 with this factor; `totp` joins its amr (or is renewed there).
    await tx.query(`update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = now() where id = $1`, [
      sessionId,
      factor.id,
    ]);
    await tx.query(
      `insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
       values ($1, $2, now(), now(), 'totp')
       on conflict (session_id, authentication_method) do update set updated_at = now()`,
      [crypto.randomUUID(), sessionId],
    );
    // A new refresh token for the session (its current one is spent), as GoTrue swaps them.
    const current = await tx.query<{ token: string }>(
      'select token from auth.refresh_tokens where session_id = $1 and revoked = false order by id desc limit 1',
      [sessionId],
    );
    const parent = current.rows[0]?.token ?? null;
    if (parent)
      await tx.query('update auth.refresh_tokens set revoked = true, updated_at = now() where token = $1', [parent]);
    const next = await insertRefreshToken(tx, user.id, sessionId, parent);
    // Sessions below aal2 end, and unverified TOTP factors are dropped (GoTrue does both here).
    await tx.query(`delete from auth.sessions where user_id = $1 and id <> $2 and (aal is null or aal = 'aal1')`, [
      user.id,
      sessionId,
    ]);
    await tx.query(
      `delete from auth.mfa_factors where user_id = $1 and status = 'unverified' and factor_type = 'totp'`,
      [user.id],
    );
    return { ok: await sessionResponse(ctx, tx, req, user.id, sessionId, next, 'token_refresh') };
  });
  if ('fail' in outcome) throw outcome.fail;
  reply(res, 200, outcome.ok);
}

export async function unenrollFactor(ctx: StackContext, req: Req, res: Res): Promise<void> {
  const { user, sessionId } = await requireSession(ctx, req);
  const id = await ctx.db.transaction(async (tx) => {
    const factor = await ownedFactor(tx, user.id, req, true);
    if (factor.status === 'verified' && (await sessionAal(tx, sessionId)) !== 'aal2')
      throw unprocessable('insufficient_aal', 'AAL2 required to unenroll verified factor');
    await removeFactor(tx, factor.id);
    return factor.id;
  });
  reply(res, 200, { id });
}

/** Deletes a factor and brings the sessions it raised back to aal1 (their `totp` amr goes with it). */
async function removeFactor(tx: Queryable, factorId: string): Promise<void> {
  await tx.query(
    `delete from auth.mfa_amr_claims where authentication_method = 'totp'
        and session_id in (select id from auth.sessions where factor_id = $1)`,
    [factorId],
  );
  await tx.query(`update auth.sessions set aal = 'aal1', factor_id = null, updated_at = now() where factor_id = $1`, [
    factorId,
  ]);
  await tx.query('delete from auth.mfa_factors where id = $1', [factorId]);
}

/** GET /admin/users/{id}/factors */
export async function adminListFactors(ctx: StackContext, req: Req, res: Res): Promise<void> {
  requireAdmin(ctx, req);
  const id = req.params.id ?? '';
  if (!(await findUserById(ctx.db, id))) throw authError(404, 'user_not_found', 'User not found');
  reply(res, 200, (await factorsOf(ctx.db, id)).map(factorJson));
}

/** DELETE /admin/users/{id}/factors/{factorId}: an admin resets a lost factor. */
export async function adminDeleteFactor(ctx: StackContext, req: Req, res: Res): Promise<void> {
  requireAdmin(ctx, req);
  const out = await ctx.db.transaction(async (tx) => {
    const user = await mustFind(tx, req.params.id ?? '');
    const factor = await ownedFactor(tx, user.id, req, true);
    await removeFactor(tx, factor.id);
    return factorJson(factor);
  });
  reply(res, 200, out);
}
