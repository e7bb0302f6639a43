// POST /signup (GoTrue's api/signup.go): password sign-up (confirmed at once, or with a mailed link when
// confirmations are on) and anonymous sign-up.
import crypto from 'node:crypto';
import type { StackContext } from '../../context.ts';
import type { Req, Res } from '../../http/router.ts';
import { unexpected, unprocessable } from '../errors.ts';
import { body, obj, reply, str } from '../http.ts';
import { clientIp, type RateLimiter } from '../rate-limit.ts';
import { issueSession } from '../models/sessions.ts';
import { findUserByEmail, findUserById, insertIdentity, insertUser, loadUserJson, type Json } from '../models/users.ts';
import { hashPassword, isPgError } from '../passwords.ts';
import { checkPassword, normaliseEmail } from '../validate.ts';
import { deliver, mailRedirect, prepareMail } from './mail.ts';

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
