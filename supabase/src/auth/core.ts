// Sign-up (password and anonymous), password sign-in, refresh, user read/update and sign-out.
import crypto from 'node:crypto';
import bcrypt from 'bcryptjs';
import type { StackContext } from '../context.ts';
import type { Req, Res } from '../http/router.ts';
import { authError, badRequest, unexpected, unprocessable, validationFailed } from './errors.ts';
import { body, obj, reply, str } from './http.ts';
import { clientIp, type RateLimiter } from './rate-limit.ts';
import { issueSession, refreshSession, requireUser } from './sessions.ts';
import { findUserByEmail, findUserById, identitiesOf, insertIdentity, insertUser, loadUserJson, appMeta, userMeta, type Json } from './users.ts';
import { checkPassword, normaliseEmail } from './validate.ts';
import { sendCodeMail } from './recovery.ts';
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
    if (!cfg.enableAnonymousSignIns) throw unprocessable('anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
    limiter.request('anonymousUsers', ip);
    const id = crypto.randomUUID();
    const session = await ctx.db.transaction(async (tx) => {
      await insertNewUser(tx, { id, email: null, encryptedPassword: null, emailConfirmed: false, appMetadata: {}, userMetadata: data, isAnonymous: true });
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
  const confirm = !cfg.email.enableConfirmations;
  const id = crypto.randomUUID();
  const out = await ctx.db.transaction(async (tx) => {
    if (await findUserByEmail(tx, mail)) throw unprocessable('user_already_exists', 'User already registered');
    await insertNewUser(tx, {
      id,
      email: mail,
      encryptedPassword: hash,
      emailConfirmed: confirm,
      appMetadata: { provider: 'email', providers: ['email'] },
      userMetadata: data,
      isAnonymous: false,
    });
    await insertIdentity(tx, id, 'email', id, { sub: id, email: mail, email_verified: confirm, phone_verified: false });
    if (confirm) return issueSession(ctx, tx, req, id, 'password');
    return null;
  });
  if (out) {
    reply(res, 200, out);
    return;
  }
  // Confirmations on: mail a code (verify type "signup"/"email") and answer with the bare user.
  limiter.email(ip, mail);
  await sendCodeMail(ctx, id, 'confirmation');
  reply(res, 200, await loadUserJson(ctx.db, id));
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
      await tx.query(`update auth.identities set last_sign_in_at = now(), updated_at = now() where user_id = $1 and provider = 'email'`, [user.id]);
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

export async function updateUser(ctx: StackContext, req: Req, res: Res): Promise<void> {
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
  await ctx.db.transaction(async (tx) => {
    const cur = await findUserById(tx, user.id, true);
    if (!cur) throw authError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
    if (data) {
      const meta: Json = { ...userMeta(cur) };
      for (const [k, v] of Object.entries(data)) {
        if (v === null) delete meta[k];
        else meta[k] = v;
      }
      await tx.query('update auth.users set raw_user_meta_data = $2::jsonb, updated_at = now() where id = $1', [cur.id, JSON.stringify(meta)]);
    }
    if (hash) await tx.query('update auth.users set encrypted_password = $2, updated_at = now() where id = $1', [cur.id, hash]);
    if (newEmail && newEmail !== (cur.email ?? '').toLowerCase()) {
      const other = await findUserByEmail(tx, newEmail);
      if (other && other.id !== cur.id) throw unprocessable('email_exists', 'A user with this email address has already been registered');
      // Confirmations are off locally (mailer autoconfirm): the change applies at once.
      await tx.query('update auth.users set email = $2, email_confirmed_at = now(), updated_at = now() where id = $1', [cur.id, newEmail]);
      const ids = await identitiesOf(tx, cur.id);
      const emailIdentity = ids.find((i) => i.provider === 'email');
      if (emailIdentity) {
        await tx.query(
          `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text, 'email_verified', true), updated_at = now()
            where user_id = $1 and provider = 'email'`,
          [cur.id, newEmail],
        );
      } else {
        await insertIdentity(tx, cur.id, 'email', cur.id, { sub: cur.id, email: newEmail, email_verified: true, phone_verified: false });
        const app = appMeta(cur);
        const providers = Array.isArray(app.providers) ? (app.providers as unknown[]).map(String) : [];
        if (!providers.includes('email')) providers.push('email');
        await tx.query('update auth.users set raw_app_meta_data = $2::jsonb where id = $1', [
          cur.id,
          JSON.stringify({ ...app, provider: app.provider ?? 'email', providers }),
        ]);
      }
      // An anonymous user who adds an e-mail becomes a permanent user.
      await tx.query('update auth.users set is_anonymous = false where id = $1', [cur.id]);
    }
  });
  reply(res, 200, await loadUserJson(ctx.db, user.id));
}

export async function logout(ctx: StackContext, req: Req, res: Res): Promise<void> {
  const { user, sessionId } = await requireUser(ctx, req);
  const scope = req.query.get('scope') ?? 'global';
  if (scope === 'global') await ctx.db.query('delete from auth.sessions where user_id = $1', [user.id]);
  else if (scope === 'local') {
    if (sessionId) await ctx.db.query('delete from auth.sessions where id = $1', [sessionId]);
  } else if (scope === 'others') {
    await ctx.db.query('delete from auth.sessions where user_id = $1 and id is distinct from $2::uuid', [user.id, sessionId]);
  } else throw validationFailed(`Unsupported logout scope "${scope}"`);
  reply(res, 204, undefined);
}
