// E-mail confirmation, as GoTrue does it with confirmations on (mailer_autoconfirm off): the mails that
// confirm an address after sign-up and for an e-mail change, and /resend; and /verify for every mailed
// code (these and recovery.ts's reset codes): POST with the mailed code or the link's token_hash, GET from
// the mail's link, answering with a redirect that carries the session in the fragment, which supabase-js
// detects.
//
// Every code is kept, checked, counted and ended by codes.ts: a random link token (in the user row's
// column for its kind, as GoTrue keeps the link's token there), the code's salted hash, and a wrong-try
// budget per code (MAX_WRONG_TRIES) that kills the code and its link, counted under a row lock.
import type { StackContext } from '../context.ts';
import type { Queryable } from '../db/db.ts';
import { HttpError, type Req, type Res } from '../http/router.ts';
import { dropCodes, issueCode, takeCode, VERIFY_TYPES, type CodeKind } from './codes.ts';
import { badRequest, forbidden, unprocessable, validationFailed } from './errors.ts';
import { body, reply, str } from './http.ts';
import { linkMail, mailLanguage, type ConfirmKind } from './mail-templates.ts';
import { clientIp, type RateLimiter } from './rate-limit.ts';
import { issueSession, type SessionJson } from './sessions.ts';
import {
  appMeta,
  findUserByEmail,
  findUserById,
  identitiesOf,
  insertIdentity,
  userMeta,
  type UserRow,
} from './users.ts';
import { normaliseEmail, redirectTarget } from './validate.ts';

/** The codes this module mails (recovery.ts mails the 'recovery' ones). */
export type Side = Extract<CodeKind, 'confirmation' | 'email_change_new' | 'email_change_current'>;

const SIDES: Record<Side, { mail: ConfirmKind; linkType: string }> = {
  confirmation: { mail: 'signup', linkType: 'signup' },
  email_change_new: { mail: 'email_change_new', linkType: 'email_change' },
  email_change_current: { mail: 'email_change_current', linkType: 'email_change' },
};
const CHANGE_SIDES: Side[] = ['email_change_new', 'email_change_current'];

export const SINGLE_CONFIRMATION = 'Confirmation link accepted. Please proceed to confirm link sent to the other email';

export interface OutgoingMail {
  to: string;
  toName: string;
  subject: string;
  text: string;
  html: string;
}

/** Where a mail's link leads: `redirect_to` (supabase-js's emailRedirectTo) or the Referer, if allowed; else site_url. */
export function mailRedirect(ctx: StackContext, req: Req): string {
  const referer = typeof req.headers.referer === 'string' ? req.headers.referer : null;
  return redirectTarget(ctx.config, req.query.get('redirect_to') ?? referer);
}

/**
 * New secrets for one pending side, stored in the caller's transaction; returns the mail to send once
 * it commits (a rolled-back request mails nothing).
 */
export async function prepareMail(
  ctx: StackContext,
  tx: Queryable,
  user: UserRow,
  side: Side,
  address: string,
  redirectTo: string,
  newEmail = '',
): Promise<OutgoingMail> {
  const s = SIDES[side];
  const { code, link: token } = await issueCode(tx, user.id, side, address, ctx.config.auth.email.otpLength);
  const link = `${ctx.apiUrl}/auth/v1/verify?token=${token}&type=${s.linkType}&redirect_to=${encodeURIComponent(redirectTo)}`;
  const meta = userMeta(user);
  const name =
    typeof meta.full_name === 'string' ? meta.full_name : typeof meta.nickname === 'string' ? meta.nickname : '';
  return {
    to: address,
    toName: name,
    ...linkMail(s.mail, mailLanguage(meta), link, code, ctx.config.auth.email.otpExpiry, newEmail),
  };
}

export function deliver(ctx: StackContext, mails: OutgoingMail[]): void {
  for (const m of mails) ctx.mailbox.send(m);
}

/**
 * Starts an e-mail change (or starts it again, for /resend): nothing changes but the pending address; new
 * codes go to it (and to the current one), the previous ones and any side confirmed with them are void.
 */
export async function requestEmailChange(
  ctx: StackContext,
  tx: Queryable,
  user: UserRow,
  newEmail: string,
  redirectTo: string,
): Promise<OutgoingMail[]> {
  await tx.query(
    `update auth.users set email_change = $2, email_change_confirm_status = 0, updated_at = now() where id = $1`,
    [user.id, newEmail],
  );
  await dropCodes(tx, user.id, CHANGE_SIDES);
  const fresh = (await findUserById(tx, user.id))!;
  const mails = [await prepareMail(ctx, tx, fresh, 'email_change_new', newEmail, redirectTo)];
  // Secure e-mail change (hosted's default): the current address confirms too. An anonymous user has none.
  if (ctx.config.auth.email.doubleConfirmChanges && fresh.email)
    mails.push(await prepareMail(ctx, tx, fresh, 'email_change_current', fresh.email, redirectTo, newEmail));
  return mails;
}

/** The address becomes the user's, confirmed: its e-mail identity follows, and an anonymous user becomes permanent. */
export async function applyEmailChange(tx: Queryable, user: UserRow, newEmail: string): Promise<void> {
  await tx.query(
    `update auth.users set email = $2, email_confirmed_at = now(), email_change = '', email_change_confirm_status = 0, is_anonymous = false,
       updated_at = now() where id = $1`,
    [user.id, newEmail],
  );
  await dropCodes(tx, user.id, CHANGE_SIDES);
  const ids = await identitiesOf(tx, user.id);
  if (ids.some((i) => i.provider === 'email')) {
    await tx.query(
      `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text, 'email_verified', true), updated_at = now()
        where user_id = $1 and provider = 'email'`,
      [user.id, newEmail],
    );
    return;
  }
  await insertIdentity(tx, user.id, 'email', user.id, {
    sub: user.id,
    email: newEmail,
    email_verified: true,
    phone_verified: false,
  });
  const app = appMeta(user);
  const providers = Array.isArray(app.providers) ? (app.providers as unknown[]).map(String) : [];
  if (!providers.includes('email')) providers.push('email');
  await tx.query('update auth.users set raw_app_meta_data = $2::jsonb where id = $1', [
    user.id,
    JSON.stringify({ ...app, provider: app.provider ?? 'email', providers }),
  ]);
}

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

/** POST /resend {type: signup | email_change, email}: a new link (the previous one stops working). */
export async function resend(ctx: StackContext, limiter: RateLimiter, req: Req, res: Res): Promise<void> {
  const b = await body(req);
  const type = str(b.type);
  if (type !== 'signup' && type !== 'email_change')
    throw validationFailed('Missing one of these types: signup, email_change, sms, phone_change');
  const email = normaliseEmail(b.email);
  // Counted for every address, pending or not, so the answer never tells which have an account.
  limiter.email(clientIp(req), email);
  const redirectTo = mailRedirect(ctx, req);
  const mails = await ctx.db.transaction(async (tx) => {
    if (type === 'signup') {
      const u = await findUserByEmail(tx, email);
      if (!u || u.email_confirmed_at) return [];
      return [await prepareMail(ctx, tx, u, 'confirmation', email, redirectTo)];
    }
    // GoTrue finds the user by its current address; a guest adding one has none, so the pending one works too.
    const r = await tx.query<{ id: string }>(
      `select id::text as id from auth.users
        where coalesce(email_change, '') <> '' and (lower(email_change) = $1 or lower(email) = $1) and deleted_at is null
        order by coalesce(lower(email) = $1, false) desc limit 1 for update`,
      [email],
    );
    const u = r.rows[0] ? await findUserById(tx, r.rows[0].id) : null;
    if (!u?.email_change) return [];
    // As GoTrue's resend: the change starts again, new codes to both sides (a side confirmed before counts no more).
    return requestEmailChange(ctx, tx, u, u.email_change, redirectTo);
  });
  deliver(ctx, mails);
  reply(res, 200, {});
}
