// E-mail confirmation, as GoTrue does it with confirmations on (mailer_autoconfirm off): the mails that
// confirm an address after sign-up and for an e-mail change, /verify for those types (POST with the
// mailed code or the link's token_hash; GET from the mail's link, answering with a redirect that carries
// the session in the fragment, which supabase-js detects), and /resend.
//
// Each pending side has two secrets: a random link token (in the user row's confirmation_token /
// email_change_token_new / email_change_token_current, as GoTrue keeps the link's token there) and a
// 6-digit code whose sha224(address + code) is kept in auth.one_time_tokens. Unlike GoTrue's link, the
// token is not derived from the code, so nobody can compute a link from a guessed code: a code only
// works with its address, counted per address by the rate limiter.
import crypto from 'node:crypto';
import type { StackContext } from '../context.ts';
import type { Queryable } from '../db/db.ts';
import { HttpError, type Req, type Res } from '../http/router.ts';
import { badRequest, forbidden, unprocessable, validationFailed } from './errors.ts';
import { body, reply, str } from './http.ts';
import { linkMail, mailLanguage, type ConfirmKind } from './mail-templates.ts';
import { clientIp, type RateLimiter } from './rate-limit.ts';
import { verify as verifyRecovery } from './recovery.ts';
import { issueSession, type SessionJson } from './sessions.ts';
import { appMeta, findUserByEmail, findUserById, identitiesOf, insertIdentity, userMeta, type UserRow } from './users.ts';
import { normaliseEmail, redirectTarget } from './validate.ts';

export type Side = 'confirmation' | 'email_change_new' | 'email_change_current';

const SIDES: Record<Side, { column: string; sentAt: string; mail: ConfirmKind; linkType: string }> = {
  confirmation: { column: 'confirmation_token', sentAt: 'confirmation_sent_at', mail: 'signup', linkType: 'signup' },
  email_change_new: { column: 'email_change_token_new', sentAt: 'email_change_sent_at', mail: 'email_change_new', linkType: 'email_change' },
  email_change_current: { column: 'email_change_token_current', sentAt: 'email_change_sent_at', mail: 'email_change_current', linkType: 'email_change' },
};

/** Verification types this module answers; others (recovery, magiclink) go to recovery.ts. */
const TYPES: Record<string, Side[]> = {
  signup: ['confirmation'],
  invite: ['confirmation'],
  email: ['confirmation'],
  email_change: ['email_change_new', 'email_change_current'],
};

export const SINGLE_CONFIRMATION = 'Confirmation link accepted. Please proceed to confirm link sent to the other email';

const codeHash = (address: string, code: string) => crypto.createHash('sha224').update(address.toLowerCase() + code).digest('hex');

function newCode(length: number): string {
  let s = '';
  for (let i = 0; i < length; i++) s += String(crypto.randomInt(0, 10));
  return s;
}

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
export async function prepareMail(ctx: StackContext, tx: Queryable, user: UserRow, side: Side, address: string, redirectTo: string, newEmail = ''): Promise<OutgoingMail> {
  const s = SIDES[side];
  const token = crypto.randomBytes(28).toString('hex');
  const code = newCode(ctx.config.auth.email.otpLength);
  await tx.query(`update auth.users set ${s.column} = $2, ${s.sentAt} = now(), updated_at = now() where id = $1`, [user.id, token]);
  await tx.query(
    `insert into auth.one_time_tokens (id, user_id, token_type, token_hash, relates_to, created_at, updated_at)
     values ($1, $2, $3::auth.one_time_token_type, $4, $5, now(), now())
     on conflict (user_id, token_type) do update set token_hash = excluded.token_hash, relates_to = excluded.relates_to,
       created_at = excluded.created_at, updated_at = excluded.updated_at`,
    [crypto.randomUUID(), user.id, s.column, codeHash(address, code), address],
  );
  const link = `${ctx.apiUrl}/auth/v1/verify?token=${token}&type=${s.linkType}&redirect_to=${encodeURIComponent(redirectTo)}`;
  const meta = userMeta(user);
  const name = typeof meta.full_name === 'string' ? meta.full_name : typeof meta.nickname === 'string' ? meta.nickname : '';
  return { to: address, toName: name, ...linkMail(s.mail, mailLanguage(meta), link, code, ctx.config.auth.email.otpExpiry, newEmail) };
}

export function deliver(ctx: StackContext, mails: OutgoingMail[]): void {
  for (const m of mails) ctx.mailbox.send(m);
}

/** Starts an e-mail change: nothing changes but the pending address; mails go to it (and to the current one). */
export async function requestEmailChange(ctx: StackContext, tx: Queryable, user: UserRow, newEmail: string, redirectTo: string): Promise<OutgoingMail[]> {
  await tx.query(
    `update auth.users set email_change = $2, email_change_token_new = '', email_change_token_current = '', email_change_confirm_status = 0,
       updated_at = now() where id = $1`,
    [user.id, newEmail],
  );
  await tx.query(`delete from auth.one_time_tokens where user_id = $1 and token_type in ('email_change_token_new', 'email_change_token_current')`, [user.id]);
  const fresh = (await findUserById(tx, user.id))!;
  const mails = [await prepareMail(ctx, tx, fresh, 'email_change_new', newEmail, redirectTo)];
  // Secure e-mail change (hosted's default): the current address confirms too. An anonymous user has none.
  if (ctx.config.auth.email.doubleConfirmChanges && fresh.email) mails.push(await prepareMail(ctx, tx, fresh, 'email_change_current', fresh.email, redirectTo, newEmail));
  return mails;
}

/** The address becomes the user's, confirmed: its e-mail identity follows, and an anonymous user becomes permanent. */
export async function applyEmailChange(tx: Queryable, user: UserRow, newEmail: string): Promise<void> {
  await tx.query(
    `update auth.users set email = $2, email_confirmed_at = now(), email_change = '', email_change_token_new = '', email_change_token_current = '',
       email_change_confirm_status = 0, is_anonymous = false, updated_at = now() where id = $1`,
    [user.id, newEmail],
  );
  await tx.query(`delete from auth.one_time_tokens where user_id = $1 and token_type in ('email_change_token_new', 'email_change_token_current')`, [user.id]);
  const ids = await identitiesOf(tx, user.id);
  if (ids.some((i) => i.provider === 'email')) {
    await tx.query(
      `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text, 'email_verified', true), updated_at = now()
        where user_id = $1 and provider = 'email'`,
      [user.id, newEmail],
    );
    return;
  }
  await insertIdentity(tx, user.id, 'email', user.id, { sub: user.id, email: newEmail, email_verified: true, phone_verified: false });
  const app = appMeta(user);
  const providers = Array.isArray(app.providers) ? (app.providers as unknown[]).map(String) : [];
  if (!providers.includes('email')) providers.push('email');
  await tx.query('update auth.users set raw_app_meta_data = $2::jsonb where id = $1', [user.id, JSON.stringify({ ...app, provider: app.provider ?? 'email', providers })]);
}

interface Found {
  userId: string;
  side: Side;
}

/** The pending side a link token (or an address and its code) belongs to, locked; null when none is valid. */
async function findPending(ctx: StackContext, tx: Queryable, sides: Side[], by: { token: string } | { email: string; code: string }): Promise<Found | null> {
  const expiry = ctx.config.auth.email.otpExpiry;
  for (const side of sides) {
    const s = SIDES[side];
    const r =
      'token' in by
        ? await tx.query<{ id: string }>(
            `select id::text as id from auth.users
              where ${s.column} = $1 and ${s.column} <> '' and ${s.sentAt} > now() - make_interval(secs => $2) and deleted_at is null
              limit 1 for update`,
            [by.token, expiry],
          )
        : await tx.query<{ id: string }>(
            `select u.id::text as id from auth.one_time_tokens t join auth.users u on u.id = t.user_id
              where t.token_type = $3::auth.one_time_token_type and t.token_hash = $1 and lower(t.relates_to) = $4
                and u.${s.column} <> '' and u.${s.sentAt} > now() - make_interval(secs => $2) and u.deleted_at is null
              limit 1 for update of u`,
            [codeHash(by.email, by.code), expiry, s.column, by.email],
          );
    const id = r.rows[0]?.id;
    if (id) return { userId: id, side };
  }
  return null;
}

type Outcome = { session: SessionJson } | { message: string };

async function confirm(ctx: StackContext, tx: Queryable, req: Req, found: Found): Promise<Outcome | null> {
  const user = await findUserById(tx, found.userId, true);
  if (!user) return null;
  if (user.is_banned) throw badRequest('user_banned', 'User is banned');
  const s = SIDES[found.side];
  // A link and its code work once, together.
  await tx.query(`update auth.users set ${s.column} = '', updated_at = now() where id = $1`, [user.id]);
  await tx.query(`delete from auth.one_time_tokens where user_id = $1 and token_type = $2::auth.one_time_token_type`, [user.id, s.column]);
  if (found.side === 'confirmation') {
    await tx.query(`update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()) where id = $1`, [user.id]);
    await tx.query(`update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb where user_id = $1 and provider = 'email'`, [user.id]);
    return { session: await issueSession(ctx, tx, req, user.id, 'otp') };
  }
  const target = (user.email_change ?? '').toLowerCase();
  if (!target) return null;
  const other = found.side === 'email_change_new' ? SIDES.email_change_current : SIDES.email_change_new;
  const waiting = await tx.query<{ pending: boolean }>(`select ${other.column} <> '' as pending from auth.users where id = $1`, [user.id]);
  if (waiting.rows[0]?.pending) {
    await tx.query('update auth.users set email_change_confirm_status = 1 where id = $1', [user.id]);
    return { message: SINGLE_CONFIRMATION };
  }
  const taken = await findUserByEmail(tx, target);
  if (taken && taken.id !== user.id) throw unprocessable('email_exists', 'A user with this email address has already been registered');
  await applyEmailChange(tx, user, target);
  return { session: await issueSession(ctx, tx, req, user.id, 'otp') };
}

/** POST /verify: confirmation types here, recovery and magic-link types in recovery.ts. */
export async function verifyPost(ctx: StackContext, limiter: RateLimiter, req: Req, res: Res): Promise<void> {
  const b = await body(req);
  const type = str(b.type);
  const sides = type ? TYPES[type] : undefined;
  if (!type || !sides) return verifyRecovery(ctx, limiter, req, res);
  const code = str(b.token);
  const givenHash = str(b.token_hash);
  if (!code && !givenHash) throw validationFailed('Verify requires either a token or a token hash');
  const email = code ? normaliseEmail(b.email) : null;
  const ip = clientIp(req);
  // `email` also covers magic-link codes (recovery.ts): it is counted once, by whichever flow takes it.
  if (type !== 'email') limiter.request('tokenVerifications', ip, email);
  const outcome = await ctx.db.transaction(async (tx) => {
    const found = await findPending(ctx, tx, sides, givenHash ? { token: givenHash } : { email: email!, code: code!.replace(/[\s-]/g, '') });
    if (!found) return null;
    if (type === 'email') limiter.request('tokenVerifications', ip, email);
    return confirm(ctx, tx, req, found);
  });
  if (!outcome) {
    if (type === 'email') return verifyRecovery(ctx, limiter, req, res);
    throw forbidden('otp_expired', 'Token has expired or is invalid');
  }
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
  const sides = TYPES[type];
  if (!sides || !token) return go({ error: 'invalid_request', error_code: 'validation_failed', error_description: 'Verify requires a token and a supported type' });
  let outcome: Outcome | null;
  try {
    limiter.request('tokenVerifications', clientIp(req));
    outcome = await ctx.db.transaction(async (tx) => {
      const found = await findPending(ctx, tx, sides, { token });
      return found ? confirm(ctx, tx, req, found) : null;
    });
  } catch (e) {
    if (!(e instanceof HttpError)) throw e;
    const b = (e.body ?? {}) as { code?: string; message?: string };
    return go({ error: e.status === 429 ? 'temporarily_unavailable' : 'access_denied', error_code: b.code ?? 'unexpected_failure', error_description: b.message ?? 'Error confirming user' });
  }
  if (!outcome) return go({ error: 'access_denied', error_code: 'otp_expired', error_description: 'Email link is invalid or has expired' });
  if ('message' in outcome) return go({ message: outcome.message });
  const s = outcome.session;
  go({ access_token: s.access_token, expires_at: String(s.expires_at), expires_in: String(s.expires_in), refresh_token: s.refresh_token, token_type: 'bearer', type });
}

/** POST /resend {type: signup | email_change, email}: a new link (the previous one stops working). */
export async function resend(ctx: StackContext, limiter: RateLimiter, req: Req, res: Res): Promise<void> {
  const b = await body(req);
  const type = str(b.type);
  if (type !== 'signup' && type !== 'email_change') throw validationFailed('Missing one of these types: signup, email_change, sms, phone_change');
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
    const r = await tx.query<{ id: string; current: boolean }>(
      `select id::text as id, coalesce(email_change_token_current, '') <> '' as current from auth.users
        where coalesce(email_change, '') <> '' and (lower(email_change) = $1 or lower(email) = $1) and deleted_at is null
        order by coalesce(lower(email) = $1, false) desc limit 1 for update`,
      [email],
    );
    const row = r.rows[0];
    const u = row ? await findUserById(tx, row.id) : null;
    if (!row || !u?.email_change) return [];
    const target = u.email_change;
    const out = [await prepareMail(ctx, tx, u, 'email_change_new', target, redirectTo)];
    if (row.current && u.email) out.push(await prepareMail(ctx, tx, u, 'email_change_current', u.email, redirectTo, target));
    return out;
  });
  deliver(ctx, mails);
  reply(res, 200, {});
}
