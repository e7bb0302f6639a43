// Sign-up (password and anonymous), password sign-in, refresh, user read/update and sign-out.
import crypto from 'node:crypto';
import bcrypt from 'bcryptjs';
import type { StackContext } from '../context.ts';
import type { Req, Res } from '../http/router.ts';
import { authError, badRequest, unexpected, unprocessable, validationFailed } from './errors.ts';
import { body, obj, reply, str } from './http.ts';
import { clientIp, type RateLimiter } from './rate-limit.ts';
import { issueSession, refreshSession, requireUser } from './sessions.ts';
import {
  findUserByEmail,
  findUserById,
  insertIdentity,
  insertUser,
  loadUserJson,
  userMeta,
  type Json,
} from './users.ts';
import { checkPassword, normaliseEmail } from './validate.ts';
import { applyEmailChange, deliver, mailRedirect, prepareMail, requestEmailChange } from './confirm.ts';
import { exchangePkce } from './oauth.ts';

export const BCRYPT_COST = 10;
// Compared against when the e-mail is unknown, so both failures take the same time.
const DUMMY_HASH = bcrypt.hashSync('not-a-real-password', BCRYPT_COST);

export const hashPassword = (pw: string) => bcrypt.hash(pw, BCRYPT_COST);

/** Postgres errors raised while writing auth.users (a trigger, a constraint) become GoTrue's 500. */
export function isPgError(e: unknown): e is { code?: string; message: string } {
  return !!e && typeof e === 'object' && 'message' in e && !('status' in e && 'body' in e);
}

export async function signup(ctx: StackContext, limiter: RateLimiter, req: Req, res: Res): Promise<void> {
  const b = await body(req);
  const cfg = ctx.config.auth;
  const ip = clientIp(req);
  const email = str(b.email);
  const phone = str(b.phone);
  const data = obj(b.data) ?? {};
  if (!email && !phone) {
    if (!cfg.enableAnonymousSignIns)
      throw unprocessable('anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
    limiter.request('anonymousUsers', ip);
    const id = crypto.randomUUID();
    const session = await ctx.db.transaction(async (tx) => {
      await insertNewUser(tx, {
        id,
        email: null,
        encryptedPassword: null,
        emailConfirmed: false,
        appMetadata: {},
        userMetadata: data,
        isAnonymous: true,
      });
      return issueSession(ctx, tx, req, id, 'anonymous');
    });
    reply(res, 200, session);
    return;
  }
  if (!cfg.enableSignup) throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
  if (!email) throw unprocessable('phone_provider_disabled', 'Phone signups are disabled');
  const mail = normaliseEmail(email);
  const password = checkPassword(b.password, ctx.config);
  limiter.request('signInSignUps', ip, mail);
  const hash = await hashPassword(password);
  if (!cfg.email.enableConfirmations) {
    // Mailer autoconfirm (the CLI's default): the account is confirmed and signed in at once.
    const id = crypto.randomUUID();
    const session = await ctx.db.transaction(async (tx) => {
      if (await findUserByEmail(tx, mail)) throw unprocessable('user_already_exists', 'User already registered');
      await insertNewUser(tx, newEmailUser(id, mail, hash, data, true));
      await insertIdentity(tx, id, 'email', id, { sub: id, email: mail, email_verified: true, phone_verified: false });
      return issueSession(ctx, tx, req, id, 'password');
    });
    reply(res, 200, session);
    return;
  }
  // Confirmations on (hosted's default): no session; a link (and a code) mailed to the address.
  const redirectTo = mailRedirect(ctx, req);
  const out = await ctx.db.transaction(async (tx) => {
    const existing = await findUserByEmail(tx, mail);
    if (existing?.email_confirmed_at) {
      // As GoTrue: the same answer as a new sign-up (a user without identities), and the owner's account
      // is left alone. The mail budget is spent all the same so limits say nothing either.
      limiter.email(ip, mail);
      return { obfuscated: true as const };
    }
    let user = existing;
    if (!user) {
      const id = crypto.randomUUID();
      await insertNewUser(tx, newEmailUser(id, mail, hash, data, false));
      await insertIdentity(tx, id, 'email', id, { sub: id, email: mail, email_verified: false, phone_verified: false });
      user = (await findUserById(tx, id))!;
    }
    // An unconfirmed account gets a new link; its password and data stay: the caller has proved nothing yet.
    // Over the mail limit this throws inside the transaction, so no account is left behind.
    limiter.email(ip, mail);
    return { id: user.id, mail: await prepareMail(ctx, tx, user, 'confirmation', mail, redirectTo) };
  });
  if ('obfuscated' in out) {
    reply(res, 200, obfuscatedUser(mail, data));
    return;
  }
  deliver(ctx, [out.mail]);
  reply(res, 200, await loadUserJson(ctx.db, out.id));
}

function newEmailUser(
  id: string,
  email: string,
  hash: string,
  data: Json,
  confirmed: boolean,
): Parameters<typeof insertUser>[1] {
  return {
    id,
    email,
    encryptedPassword: hash,
    emailConfirmed: confirmed,
    appMetadata: { provider: 'email', providers: ['email'] },
    userMetadata: data,
    isAnonymous: false,
  };
}

/** GoTrue's sanitised user for a repeated sign-up: a fresh id, no identities, nothing of the real account. */
function obfuscatedUser(email: string, data: Json): Json {
  const now = new Date().toISOString();
  return {
    id: crypto.randomUUID(),
    aud: 'authenticated',
    role: 'authenticated',
    email,
    phone: '',
    confirmation_sent_at: now,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: data,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}

async function insertNewUser(tx: Parameters<typeof insertUser>[0], u: Parameters<typeof insertUser>[1]): Promise<void> {
  try {
    await insertUser(tx, u);
  } catch (e) {
    if (isPgError(e) && e.code === '23505') throw unprocessable('user_already_exists', 'User already registered');
    if (isPgError(e)) throw unexpected('Database error saving new user');
    throw e;
  }
}

export async function token(ctx: StackContext, limiter: RateLimiter, req: Req, res: Res): Promise<void> {
  const grant = req.query.get('grant_type');
  const b = await body(req);
  const ip = clientIp(req);
  if (grant === 'password') {
    const email = str(b.email);
    const password = typeof b.password === 'string' ? b.password : '';
    if (!email) {
      if (str(b.phone)) throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');
      throw validationFailed('missing email or phone');
    }
    const mail = email.trim().toLowerCase();
    limiter.request('signInSignUps', ip, mail);
    const user = await findUserByEmail(ctx.db, mail);
    const ok = await bcrypt.compare(password, user?.encrypted_password || DUMMY_HASH).catch(() => false);
    if (!user || !user.encrypted_password || !ok) throw badRequest('invalid_credentials', 'Invalid login credentials');
    if (user.is_banned) throw badRequest('user_banned', 'User is banned');
    if (!user.email_confirmed_at) throw badRequest('email_not_confirmed', 'Email not confirmed');
    const session = await ctx.db.transaction(async (tx) => {
      await tx.query(
        `update auth.identities set last_sign_in_at = now(), updated_at = now() where user_id = $1 and provider = 'email'`,
        [user.id],
      );
      return issueSession(ctx, tx, req, user.id, 'password');
    });
    reply(res, 200, session);
    return;
  }
  if (grant === 'refresh_token') {
    const rt = str(b.refresh_token);
    if (!rt) throw validationFailed('Refresh token is required');
    limiter.request('tokenRefresh', ip);
    reply(res, 200, await refreshSession(ctx, req, rt));
    return;
  }
  if (grant === 'pkce') {
    limiter.request('tokenVerifications', ip);
    reply(res, 200, await exchangePkce(ctx, req, b));
    return;
  }
  throw validationFailed(`unsupported_grant_type`);
}

export async function getUser(ctx: StackContext, req: Req, res: Res): Promise<void> {
  const { user } = await requireUser(ctx, req);
  reply(res, 200, await loadUserJson(ctx.db, user.id));
}

export async function updateUser(ctx: StackContext, limiter: RateLimiter, req: Req, res: Res): Promise<void> {
  const { user } = await requireUser(ctx, req);
  const b = await body(req);
  const newEmail = str(b.email) ? normaliseEmail(b.email) : null;
  let hash: string | null = null;
  if (b.password !== undefined && b.password !== null) {
    const pw = checkPassword(b.password, ctx.config);
    if (user.encrypted_password && (await bcrypt.compare(pw, user.encrypted_password).catch(() => false))) {
      throw unprocessable('same_password', 'New password should be different from the old password.');
    }
    hash = await hashPassword(pw);
  }
  const data = b.data === undefined ? null : obj(b.data);
  if (b.data !== undefined && b.data !== null && !data) throw validationFailed('data must be an object');
  const redirectTo = mailRedirect(ctx, req);
  const mails = await ctx.db.transaction(async (tx) => {
    const cur = await findUserById(tx, user.id, true);
    if (!cur) throw authError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
    if (data) {
      const meta: Json = { ...userMeta(cur) };
      for (const [k, v] of Object.entries(data)) {
        if (v === null) delete meta[k];
        else meta[k] = v;
      }
      await tx.query('update auth.users set raw_user_meta_data = $2::jsonb, updated_at = now() where id = $1', [
        cur.id,
        JSON.stringify(meta),
      ]);
    }
    if (hash)
      await tx.query('update auth.users set encrypted_password = $2, updated_at = now() where id = $1', [cur.id, hash]);
    if (!newEmail || newEmail === (cur.email ?? '').toLowerCase()) return [];
    const other = await findUserByEmail(tx, newEmail);
    if (other && other.id !== cur.id)
      throw unprocessable('email_exists', 'A user with this email address has already been registered');
    if (!ctx.config.auth.email.enableConfirmations) {
      // Mailer autoconfirm: the change applies at once (an anonymous user becomes permanent).
      await applyEmailChange(tx, cur, newEmail);
      return [];
    }
    // Nothing changes until the new address (and, for a secure change, the current one) confirms.
    limiter.email(clientIp(req), newEmail);
    return requestEmailChange(ctx, tx, (await findUserById(tx, cur.id))!, newEmail, redirectTo);
  });
  deliver(ctx, mails);
  reply(res, 200, await loadUserJson(ctx.db, user.id));
}

export async function logout(ctx: StackContext, req: Req, res: Res): Promise<void> {
  const { user, sessionId } = await requireUser(ctx, req);
  const scope = req.query.get('scope') ?? 'global';
  if (scope === 'global') await ctx.db.query('delete from auth.sessions where user_id = $1', [user.id]);
  else if (scope === 'local') {
    if (sessionId) await ctx.db.query('delete from auth.sessions where id = $1', [sessionId]);
  } else if (scope === 'others') {
    await ctx.db.query('delete from auth.sessions where user_id = $1 and id is distinct from $2::uuid', [
      user.id,
      sessionId,
    ]);
  } else throw validationFailed(`Unsupported logout scope "${scope}"`);
  reply(res, 204, undefined);
}
