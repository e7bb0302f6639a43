// /verify for every mailed code (GoTrue's api/verify.go): the sign-up and e-mail-change confirmations
// (mail.ts) and recover.ts's reset codes. POST with the mailed code or the link's token_hash; GET from the
// mail's link, answering with a redirect that carries the session in the fragment, which supabase-js detects.
//
// Every code is kept, checked, counted and ended by models/codes.ts: a random link token (in the user row's
// column for its kind, as GoTrue keeps the link's token there), the code's salted hash, and a wrong-try
// budget per code (MAX_WRONG_TRIES) that kills the code and its link, counted under a row lock.
import type { StackContext } from '../../context.ts';
import type { Queryable } from '../../db/db.ts';
import { HttpError, type Req, type Res } from '../../http/router.ts';
import { badRequest, forbidden, unprocessable, validationFailed } from '../errors.ts';
import { body, reply, str } from '../http.ts';
import { takeCode, VERIFY_TYPES, type CodeKind } from '../models/codes.ts';
import { issueSession, type SessionJson } from '../models/sessions.ts';
import { findUserByEmail, findUserById } from '../models/users.ts';
import { clientIp, type RateLimiter } from '../rate-limit.ts';
import { normaliseEmail, redirectTarget } from '../validate.ts';
import { applyEmailChange, SINGLE_CONFIRMATION } from './mail.ts';

type Outcome = { session: SessionJson } | { message: string };

/** What a used code does: confirms the address (sign-up, recovery), or one side of an e-mail change. */
async function complete(
  ctx: StackContext,
  tx: Queryable,
  req: Req,
  userId: string,
  kind: CodeKind,
): Promise<Outcome | null> {
  const user = await findUserById(tx, userId, true);
  if (!user) return null;
  // Thrown inside the transaction: the code stays as it was.
  if (user.is_banned) throw badRequest('user_banned', 'User is banned');
  if (kind === 'confirmation' || kind === 'recovery') {
    await tx.query(
      `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now() where id = $1`,
      [user.id],
    );
    await tx.query(
      `update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb where user_id = $1 and provider = 'email'`,
      [user.id],
    );
    return { session: await issueSession(ctx, tx, req, user.id, kind === 'recovery' ? 'recovery' : 'otp') };
  }
  const target = (user.email_change ?? '').toLowerCase();
  if (!target) return null;
  // As GoTrue: with secure e-mail change the first side confirmed only counts; the second applies the change.
  // Each side's code works once and a new request voids both, so two confirmations are always both sides
  // (a side whose code was killed by wrong tries never confirms: the change waits for a new request).
  if (ctx.config.auth.email.doubleConfirmChanges && user.email && !user.email_change_confirm_status) {
    await tx.query('update auth.users set email_change_confirm_status = 1 where id = $1', [user.id]);
    return { message: SINGLE_CONFIRMATION };
  }
  const taken = await findUserByEmail(tx, target);
  if (taken && taken.id !== user.id)
    throw unprocessable('email_exists', 'A user with this email address has already been registered');
  await applyEmailChange(tx, user, target);
  return { session: await issueSession(ctx, tx, req, user.id, 'otp') };
}

/** POST /verify, for every mailed code: {type, email, token} (the code) or {type, token_hash} (the link's token). */
export async function verifyPost(ctx: StackContext, limiter: RateLimiter, req: Req, res: Res): Promise<void> {
  const b = await body(req);
  const type = str(b.type);
  if (!type) throw validationFailed('Verify requires a verification type');
  const kinds = VERIFY_TYPES[type];
  if (!kinds) throw validationFailed(`Unsupported verification type "${type}"`);
  const code = str(b.token);
  const givenHash = str(b.token_hash);
  if (!code && !givenHash) throw validationFailed('Verify requires either a token or a token hash');
  const email = givenHash ? null : normaliseEmail(b.email);
  limiter.request('tokenVerifications', clientIp(req), email);
  // The transaction commits the wrong tries it counted, so the 403 is thrown only after it.
  const outcome = await ctx.db.transaction(async (tx) => {
    const found = await takeCode(
      tx,
      kinds,
      givenHash ? { link: givenHash } : { email: email!, code: code! },
      ctx.config.auth.email.otpExpiry,
    );
    return found ? complete(ctx, tx, req, found.userId, found.kind) : null;
  });
  if (!outcome) throw forbidden('otp_expired', 'Token has expired or is invalid');
  if ('message' in outcome) reply(res, 200, { msg: outcome.message, code: 200 });
  else reply(res, 200, outcome.session);
}

/** GET /verify: the mail's link. Always a 303 to the (allowed) redirect, with the session or the error in the fragment. */
export async function verifyGet(ctx: StackContext, limiter: RateLimiter, req: Req, res: Res): Promise<void> {
  const type = req.query.get('type') ?? '';
  const token = (req.query.get('token') ?? '').replace(/-/g, '');
  const target = redirectTarget(ctx.config, req.query.get('redirect_to')).split('#')[0]!;
  const go = (fragment: Record<string, string>) => {
    res.statusCode = 303;
    res.setHeader('Location', `${target}#${new URLSearchParams(fragment)}`);
    res.setHeader('Cache-Control', 'no-store');
    res.end();
  };
  const kinds = VERIFY_TYPES[type];
  if (!kinds || !token)
    return go({
      error: 'invalid_request',
      error_code: 'validation_failed',
      error_description: 'Verify requires a token and a supported type',
    });
  let outcome: Outcome | null;
  try {
    limiter.request('tokenVerifications', clientIp(req));
    outcome = await ctx.db.transaction(async (tx) => {
      const found = await takeCode(tx, kinds, { link: token }, ctx.config.auth.email.otpExpiry);
      return found ? complete(ctx, tx, req, found.userId, found.kind) : null;
    });
  } catch (e) {
    if (!(e instanceof HttpError)) throw e;
    const b = (e.body ?? {}) as { code?: string; message?: string };
    return go({
      error: e.status === 429 ? 'temporarily_unavailable' : 'access_denied',
      error_code: b.code ?? 'unexpected_failure',
      error_description: b.message ?? 'Error confirming user',
    });
  }
  if (!outcome)
    return go({
      error: 'access_denied',
      error_code: 'otp_expired',
      error_description: 'Email link is invalid or has expired',
    });
  if ('message' in outcome) return go({ message: outcome.message });
  const s = outcome.session;
  go({
    access_token: s.access_token,
    expires_at: String(s.expires_at),
    expires_in: String(s.expires_in),
    refresh_token: s.refresh_token,
    token_type: 'bearer',
    type,
  });
}
