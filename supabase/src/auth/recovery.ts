// Codes by mail (password recovery, sign-up confirmation): POST /recover mails one, POST /verify trades
// it for a session, either as {email, token} (the code) or as {token_hash} (the form a link carries).
//
// Where GoTrue keeps sha224(email + code) in users.recovery_token (or confirmation_token) and in
// auth.one_time_tokens, and accepts that same value as token_hash, anyone holding an address can
// compute a token_hash for each of the 10^6 codes and try them without the address counting. Here
// those columns hold a random token instead: the link's token_hash, independent of the code, so only
// a mail (or the server) can know it. The code's own hash and its wrong tries live in the stack's
// _auth.otp_codes (created by ensureAuthSchema). A code dies after MAX_WRONG_TRIES wrong tries (its
// link with it), and the count holds under concurrency: every verification locks the user's row first.
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

/**
 * Wrong tries a code survives: the next wrong one kills it, and the right code fails after that. Hosted
 * GoTrue has no per-code limit (only per-IP verification limits: supabase/auth#2819 proposes one); 5 is
 * the common default of auth services that have one (SuperTokens, for example): enough for typos, and
 * with a new code at most every `max_frequency` per address, guessing stays at 5 in 10^6 per code mailed.
 */
export const MAX_WRONG_TRIES = 5;

function newCode(length: number): string {
  let s = '';
  for (let i = 0; i < length; i++) s += String(crypto.randomInt(0, 10));
  return s;
}

/** The link's token_hash: 224 random bits, written as GoTrue's sha224 hex is (56 characters). */
const newLinkToken = () => crypto.randomBytes(28).toString('hex');
/** The code's hash, salted with its link token so equal codes never hash alike. */
const codeHash = (link: string, code: string) => crypto.createHash('sha256').update(`${link}:${code}`).digest('hex');

type Kind = 'recovery' | 'confirmation';
const COLUMN: Record<Kind, { token: string; sentAt: string; ott: string }> = {
  recovery: { token: 'recovery_token', sentAt: 'recovery_sent_at', ott: 'recovery_token' },
  confirmation: { token: 'confirmation_token', sentAt: 'confirmation_sent_at', ott: 'confirmation_token' },
};

/** Replaces the user's code of this kind (a new code starts with no wrong tries). */
async function storeCode(q: Queryable, user: UserRow, kind: Kind, code: string): Promise<void> {
  const c = COLUMN[kind];
  const link = newLinkToken();
  await q.query(`update auth.users set ${c.token} = $2, ${c.sentAt} = now(), updated_at = now() where id = $1`, [user.id, link]);
  await q.query(
    `insert into auth.one_time_tokens (id, user_id, token_type, token_hash, relates_to, created_at, updated_at)
     values ($1, $2, $3::auth.one_time_token_type, $4, $5, now(), now())
     on conflict (user_id, token_type) do update set token_hash = excluded.token_hash, relates_to = excluded.relates_to,
       created_at = excluded.created_at, updated_at = excluded.updated_at`,
    [crypto.randomUUID(), user.id, c.ott, link, user.email ?? ''],
  );
  await q.query(
    `insert into _auth.otp_codes (user_id, token_type, code_hash, failed_attempts, created_at) values ($1, $2, $3, 0, now())
     on conflict (user_id, token_type) do update set code_hash = excluded.code_hash, failed_attempts = 0, created_at = excluded.created_at`,
    [user.id, c.ott, codeHash(link, code)],
  );
}

/** Generates a code, stores its hash and mails it in the user's language. */
export async function sendCodeMail(ctx: StackContext, userId: string, kind: Kind): Promise<void> {
  const user = await findUserById(ctx.db, userId);
  if (!user?.email) return;
  const code = newCode(ctx.config.auth.email.otpLength);
  await ctx.db.transaction((tx) => storeCode(tx, user, kind, code));
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

/** A live code that the request may be trying: its user row and code row are locked. */
interface Candidate {
  kind: Kind;
  userId: string;
  link: string;
  fresh: boolean;
  codeHash: string;
  failed: number;
}

/** Locks and reads the codes of `kind` that the request names: by the user's e-mail, or by the link's token. */
async function candidates(ctx: StackContext, tx: Queryable, kind: Kind, by: { email: string } | { link: string }): Promise<Candidate[]> {
  const c = COLUMN[kind];
  const users = await tx.query<{ id: string; link: string; fresh: boolean }>(
    `select id::text as id, ${c.token} as link, coalesce(${c.sentAt} > now() - make_interval(secs => $2), false) as fresh
       from auth.users
      where ${'email' in by ? 'lower(email) = $1' : `${c.token} = $1`} and ${c.token} <> '' and deleted_at is null
      order by id for update`,
    ['email' in by ? by.email : by.link, ctx.config.auth.email.otpExpiry],
  );
  const out: Candidate[] = [];
  for (const u of users.rows) {
    const code = await tx.query<{ code_hash: string; failed_attempts: number }>(
      'select code_hash, failed_attempts from _auth.otp_codes where user_id = $1 and token_type = $2 for update',
      [u.id, c.ott],
    );
    const row = code.rows[0];
    if (row) out.push({ kind, userId: u.id, link: u.link, fresh: u.fresh, codeHash: row.code_hash, failed: Number(row.failed_attempts) });
  }
  return out;
}

const sameHash = (a: string, b: string) => a.length === b.length && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** Ends a code: used, or killed by its last wrong try. Its link dies with it. */
async function endCode(tx: Queryable, c: Candidate): Promise<void> {
  const col = COLUMN[c.kind];
  await tx.query(`update auth.users set ${col.token} = '', updated_at = now() where id = $1`, [c.userId]);
  await tx.query('delete from auth.one_time_tokens where user_id = $1 and token_type = $2::auth.one_time_token_type', [c.userId, col.ott]);
}

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
  // The transaction commits the wrong tries it counted, so the 403 is thrown only after it.
  const session = await ctx.db.transaction(async (tx) => {
    const found: Candidate[] = [];
    for (const kind of kinds) found.push(...(await candidates(ctx, tx, kind, email && code ? { email } : { link: givenHash! })));
    const live = found.filter((c) => c.failed < MAX_WRONG_TRIES);
    const match = live.find((c) => c.fresh && (code ? sameHash(codeHash(c.link, code), c.codeHash) : true));
    if (!match) {
      // A wrong code counts against every code it might have been meant for. A wrong token_hash names
      // no code (the link tokens are random), so there is nothing to count.
      if (code) {
        for (const c of live) {
          await tx.query('update _auth.otp_codes set failed_attempts = failed_attempts + 1 where user_id = $1 and token_type = $2', [c.userId, COLUMN[c.kind].ott]);
          if (c.failed + 1 >= MAX_WRONG_TRIES) await endCode(tx, c);
        }
      }
      return null;
    }
    const user = await findUserById(tx, match.userId);
    if (!user) return null;
    if (user.is_banned) throw badRequest('user_banned', 'User is banned');
    // A code works once.
    await endCode(tx, match);
    await tx.query('delete from _auth.otp_codes where user_id = $1 and token_type = $2', [match.userId, COLUMN[match.kind].ott]);
    await tx.query('update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now() where id = $1', [match.userId]);
    await tx.query(
      `update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb where user_id = $1 and provider = 'email'`,
      [match.userId],
    );
    return issueSession(ctx, tx, req, match.userId, match.kind === 'recovery' ? 'recovery' : 'otp');
  });
  if (!session) throw forbidden('otp_expired', 'Token has expired or is invalid');
  reply(res, 200, session);
}
