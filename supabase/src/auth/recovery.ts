// Password recovery by a 6-digit code: POST /recover mails it, POST /verify trades it for a session.
// As GoTrue does, the user row keeps sha224(email + code) in recovery_token (or confirmation_token)
// with the time it was sent, and auth.one_time_tokens keeps the same hash.
import crypto from 'node:crypto';
import type { StackContext } from '../context.ts';
import type { Queryable } from '../db/db.ts';
import type { Req, Res } from '../http/router.ts';
import { badRequest, forbidden, validationFailed } from './errors.ts';
import { body, reply, str } from './http.ts';
import { clientIp, type RateLimiter } from './rate-limit.ts';
import { issueSession } from './sessions.ts';
import { findUserByEmail, findUserById, userMeta, type UserRow } from './users.ts';
import { normaliseEmail } from './validate.ts';
import { codeMail, mailLanguage } from './mail-templates.ts';

export const tokenHash = (email: string, code: string) => crypto.createHash('sha224').update(email.toLowerCase() + code).digest('hex');

function newCode(length: number): string {
  let s = '';
  for (let i = 0; i < length; i++) s += String(crypto.randomInt(0, 10));
  return s;
}

type Kind = 'recovery' | 'confirmation';
const COLUMN: Record<Kind, { token: string; sentAt: string; ott: string }> = {
  recovery: { token: 'recovery_token', sentAt: 'recovery_sent_at', ott: 'recovery_token' },
  confirmation: { token: 'confirmation_token', sentAt: 'confirmation_sent_at', ott: 'confirmation_token' },
};

async function storeCode(q: Queryable, user: UserRow, kind: Kind, hash: string): Promise<void> {
  const c = COLUMN[kind];
  await q.query(`update auth.users set ${c.token} = $2, ${c.sentAt} = now(), updated_at = now() where id = $1`, [user.id, hash]);
  await q.query(
    `insert into auth.one_time_tokens (id, user_id, token_type, token_hash, relates_to, created_at, updated_at)
     values ($1, $2, $3::auth.one_time_token_type, $4, $5, now(), now())
     on conflict (user_id, token_type) do update set token_hash = excluded.token_hash, relates_to = excluded.relates_to,
       created_at = excluded.created_at, updated_at = excluded.updated_at`,
    [crypto.randomUUID(), user.id, c.ott, hash, user.email ?? ''],
  );
}

/** Generates a code, stores its hash and mails it in the user's language. */
export async function sendCodeMail(ctx: StackContext, userId: string, kind: Kind): Promise<void> {
  const user = await findUserById(ctx.db, userId);
  if (!user?.email) return;
  const code = newCode(ctx.config.auth.email.otpLength);
  await ctx.db.transaction((tx) => storeCode(tx, user, kind, tokenHash(user.email!, code)));
  const meta = userMeta(user);
  const mail = codeMail(kind, mailLanguage(meta), code, ctx.config.auth.email.otpExpiry);
  const name = typeof meta.full_name === 'string' ? meta.full_name : typeof meta.name === 'string' ? meta.name : '';
  ctx.mailbox.send({ to: user.email, toName: name, ...mail });
}

export async function recover(ctx: StackContext, limiter: RateLimiter, req: Req, res: Res): Promise<void> {
  const b = await body(req);
  const email = normaliseEmail(b.email);
  // Counted for every address, known or not, so the answer never tells which exist.
  limiter.email(clientIp(req), email);
  const user = await findUserByEmail(ctx.db, email);
  if (user && !user.is_anonymous) await sendCodeMail(ctx, user.id, 'recovery');
  reply(res, 200, {});
}

const VERIFY_TYPES: Record<string, Kind[]> = {
  recovery: ['recovery'],
  signup: ['confirmation'],
  email: ['confirmation', 'recovery'],
  magiclink: ['recovery', 'confirmation'],
};

export async function verify(ctx: StackContext, limiter: RateLimiter, req: Req, res: Res): Promise<void> {
  const b = await body(req);
  const type = str(b.type);
  if (!type) throw validationFailed('Verify requires a verification type');
  const kinds = VERIFY_TYPES[type];
  if (!kinds) throw validationFailed(`Unsupported verification type "${type}"`);
  const code = str(b.token);
  const givenHash = str(b.token_hash);
  const email = code ? normaliseEmail(b.email) : null;
  if (!code && !givenHash) throw validationFailed('Verify requires either a token or a token hash');
  limiter.request('tokenVerifications', clientIp(req), email);
  const expired = forbidden('otp_expired', 'Token has expired or is invalid');
  const session = await ctx.db.transaction(async (tx) => {
    for (const kind of kinds) {
      const c = COLUMN[kind];
      const hash = givenHash ?? tokenHash(email!, code!);
      const r = await tx.query<{ id: string }>(
        `select id::text as id from auth.users
          where ${c.token} = $1 and ${c.token} <> '' ${email ? 'and lower(email) = $3' : ''}
            and ${c.sentAt} > now() - make_interval(secs => $2) and deleted_at is null
          limit 1 for update`,
        email ? [hash, ctx.config.auth.email.otpExpiry, email] : [hash, ctx.config.auth.email.otpExpiry],
      );
      const id = r.rows[0]?.id;
      if (!id) continue;
      const user = await findUserById(tx, id);
      if (!user) continue;
      if (user.is_banned) throw badRequest('user_banned', 'User is banned');
      // A code works once.
      await tx.query(`update auth.users set ${c.token} = '', email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now() where id = $1`, [id]);
      await tx.query(`delete from auth.one_time_tokens where user_id = $1 and token_type = $2::auth.one_time_token_type`, [id, c.ott]);
      await tx.query(
        `update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb where user_id = $1 and provider = 'email'`,
        [id],
      );
      return issueSession(ctx, tx, req, id, kind === 'recovery' ? 'recovery' : 'otp');
    }
    return null;
  });
  if (!session) throw expired;
  reply(res, 200, session);
}
