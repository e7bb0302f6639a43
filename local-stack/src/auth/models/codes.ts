// The one store of every code auth mails: password recovery (api/recover.ts), sign-up confirmation and both
// sides of an e-mail change (api/mail.ts). Each code has two secrets:
//   - the link's token_hash: 224 random bits in the user row's column for its kind (GoTrue's columns:
//     confirmation_token, recovery_token, email_change_token_new, email_change_token_current) and in
//     auth.one_time_tokens (relates_to = the address it was mailed to). Where GoTrue keeps
//     sha224(address + code) there and accepts it as token_hash, anyone holding an address could compute a
//     token_hash for each of the 10^6 codes and try them without the address counting; here only the mail
//     (or the server) knows the link.
//   - the 6-digit code: its hash, salted with the link token, and its wrong tries, in the stack-only
//     _auth.otp_codes (created by ensureAuthSchema in sessions.ts).
// A code dies after MAX_WRONG_TRIES wrong tries (its link with it), and the count holds under concurrency:
// every verification locks the rows of the users it may concern, in id order, before it reads a count.
import crypto from 'node:crypto';
import type { Queryable } from '../../db/db.ts';

/**
 * Wrong tries a code survives: the next wrong one kills it, and the right code fails after that. Hosted
 * GoTrue has no per-code limit (only per-IP verification limits: supabase/auth#2819 proposes one); 5 is
 * the common default of auth services that have one (SuperTokens, for example): enough for typos, and
 * with a new code at most every `max_frequency` per address, guessing stays at 5 in 10^6 per code mailed.
 */
export const MAX_WRONG_TRIES = 5;

/** What a code is for; each kind owns one column of auth.users (and its token_type), nobody else writes it. */
export type CodeKind = 'confirmation' | 'recovery' | 'email_change_new' | 'email_change_current';

const KINDS: Record<CodeKind, { column: string; sentAt: string }> = {
  confirmation: { column: 'confirmation_token', sentAt: 'confirmation_sent_at' },
  recovery: { column: 'recovery_token', sentAt: 'recovery_sent_at' },
  email_change_new: { column: 'email_change_token_new', sentAt: 'email_change_sent_at' },
  email_change_current: { column: 'email_change_token_current', sentAt: 'email_change_sent_at' },
};

/**
 * The kinds each /verify type may name, as GoTrue reads them: signup and invite the confirmation,
 * recovery and magiclink the recovery code, `email` either (the confirmation first), email_change either
 * side of the change.
 */
export const VERIFY_TYPES: Record<string, CodeKind[]> = {
  signup: ['confirmation'],
  invite: ['confirmation'],
  recovery: ['recovery'],
  magiclink: ['recovery'],
  email: ['confirmation', 'recovery'],
  email_change: ['email_change_new', 'email_change_current'],
};

function newCode(length: number): string {
  let s = '';
  for (let i = 0; i < length; i++) s += String(crypto.randomInt(0, 10));
  return s;
}

/** The link's token_hash: 224 random bits, written as GoTrue's sha224 hex is (56 characters). */
const newLinkToken = () => crypto.randomBytes(28).toString('hex');
/** The code's hash, salted with its link token so equal codes never hash alike. */
const codeHash = (link: string, code: string) => crypto.createHash('sha256').update(`${link}:${code}`).digest('hex');
/** The token_type list of these kinds, for SQL (the names are this module's constants, never input). */
const typeList = (kinds: CodeKind[]) => kinds.map((k) => `'${KINDS[k].column}'`).join(', ');
const sameHash = (a: string, b: string) =>
  a.length === b.length && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * A new code of `kind` for the user, mailed to `address`; it replaces the previous one of that kind (and
 * starts with no wrong tries). Runs in the caller's transaction; the caller mails the code once it commits.
 */
export async function issueCode(
  q: Queryable,
  userId: string,
  kind: CodeKind,
  address: string,
  length: number,
): Promise<{ code: string; link: string }> {
  const k = KINDS[kind];
  const code = newCode(length);
  const link = newLinkToken();
  await q.query(`update auth.users set ${k.column} = $2, ${k.sentAt} = now(), updated_at = now() where id = $1`, [
    userId,
    link,
  ]);
  await q.query(
    `insert into auth.one_time_tokens (id, user_id, token_type, token_hash, relates_to, created_at, updated_at)
     values ($1, $2, $3::auth.one_time_token_type, $4, $5, now(), now())
     on conflict (user_id, token_type) do update set token_hash = excluded.token_hash, relates_to = excluded.relates_to,
       created_at = excluded.created_at, updated_at = excluded.updated_at`,
    [crypto.randomUUID(), userId, k.column, link, address],
  );
  await q.query(
    `insert into _auth.otp_codes (user_id, token_type, code_hash, failed_attempts, created_at) values ($1, $2, $3, 0, now())
     on conflict (user_id, token_type) do update set code_hash = excluded.code_hash, failed_attempts = 0, created_at = excluded.created_at`,
    [userId, k.column, codeHash(link, code)],
  );
  return { code, link };
}

/** Ends the user's codes of these kinds without a verification (a new e-mail change, an applied one). */
export async function dropCodes(q: Queryable, userId: string, kinds: CodeKind[]): Promise<void> {
  const cols = kinds.map((k) => KINDS[k].column);
  await q.query(`update auth.users set ${cols.map((c) => `${c} = ''`).join(', ')}, updated_at = now() where id = $1`, [
    userId,
  ]);
  await q.query(`delete from auth.one_time_tokens where user_id = $1 and token_type::text in (${typeList(kinds)})`, [
    userId,
  ]);
  await q.query(`delete from _auth.otp_codes where user_id = $1 and token_type in (${typeList(kinds)})`, [userId]);
}

/** A code the request may be trying: its user row and code row are locked. */
interface Candidate {
  kind: CodeKind;
  userId: string;
  link: string;
  fresh: boolean;
  codeHash: string;
  failed: number;
}

/**
 * Locks the users a request may concern (by the address a code was mailed to, or by the link's token),
 * in id order so concurrent verifications queue instead of deadlocking, then reads their codes.
 */
async function candidates(
  tx: Queryable,
  kinds: CodeKind[],
  by: { email: string } | { link: string },
  expirySeconds: number,
): Promise<Candidate[]> {
  const cols = kinds.map((k) => KINDS[k].column);
  const users =
    'email' in by
      ? await tx.query<{ id: string }>(
          `select id::text as id from auth.users
            where id in (select user_id from auth.one_time_tokens where token_type::text in (${typeList(kinds)}) and lower(relates_to) = $1)
              and deleted_at is null
            order by id for update`,
          [by.email],
        )
      : await tx.query<{ id: string }>(
          `select id::text as id from auth.users where (${cols.map((c) => `${c} = $1`).join(' or ')}) and deleted_at is null order by id for update`,
          [by.link],
        );
  const out: Candidate[] = [];
  for (const u of users.rows) {
    for (const kind of kinds) {
      const k = KINDS[kind];
      // Read after the lock: what a verification that held it before has committed counts.
      const r = await tx.query<{ link: string; fresh: boolean; code_hash: string; failed_attempts: number }>(
        `select u.${k.column} as link, coalesce(u.${k.sentAt} > now() - make_interval(secs => $3), false) as fresh, c.code_hash, c.failed_attempts
           from auth.users u
           join auth.one_time_tokens t on t.user_id = u.id and t.token_type::text = $2
           join _auth.otp_codes c on c.user_id = u.id and c.token_type = $2
          where u.id = $1 and coalesce(u.${k.column}, '') <> '' and ${'email' in by ? 'lower(t.relates_to) = $4' : `u.${k.column} = $4`}
          for update of c`,
        [u.id, k.column, expirySeconds, 'email' in by ? by.email : by.link],
      );
      const row = r.rows[0];
      if (row)
        out.push({
          kind,
          userId: u.id,
          link: row.link,
          fresh: row.fresh,
          codeHash: row.code_hash,
          failed: Number(row.failed_attempts),
        });
    }
  }
  return out;
}

/** Ends a code: its link dies with it. A killed code keeps its row (and count) until a new one replaces it. */
async function endCode(tx: Queryable, c: Candidate, used: boolean): Promise<void> {
  const col = KINDS[c.kind].column;
  await tx.query(`update auth.users set ${col} = '', updated_at = now() where id = $1`, [c.userId]);
  await tx.query('delete from auth.one_time_tokens where user_id = $1 and token_type::text = $2', [c.userId, col]);
  if (used) await tx.query('delete from _auth.otp_codes where user_id = $1 and token_type = $2', [c.userId, col]);
}

/**
 * Trades a code (with the address it was mailed to) or a link's token for the code it names, which is then
 * used up; null when none is live. A wrong code counts against every live code it might have been meant
 * for, and kills those it brings to MAX_WRONG_TRIES; a wrong link token names no code (they are random), so
 * there is nothing to count. Runs in the caller's transaction, which must commit the count even when the
 * caller answers with an error: return null rather than throwing.
 */
export async function takeCode(
  tx: Queryable,
  kinds: CodeKind[],
  by: { email: string; code: string } | { link: string },
  expirySeconds: number,
): Promise<{ userId: string; kind: CodeKind } | null> {
  const code = 'code' in by ? by.code.replace(/[\s-]/g, '') : null;
  const found = await candidates(
    tx,
    kinds,
    'email' in by ? { email: by.email.toLowerCase() } : { link: by.link },
    expirySeconds,
  );
  const live = found.filter((c) => c.failed < MAX_WRONG_TRIES);
  const match = live.find((c) => c.fresh && (code === null || sameHash(codeHash(c.link, code), c.codeHash)));
  if (match) {
    // A code works once, and its link with it.
    await endCode(tx, match, true);
    return { userId: match.userId, kind: match.kind };
  }
  if (code !== null) {
    for (const c of live) {
      await tx.query(
        'update _auth.otp_codes set failed_attempts = failed_attempts + 1 where user_id = $1 and token_type = $2',
        [c.userId, KINDS[c.kind].column],
      );
      if (c.failed + 1 >= MAX_WRONG_TRIES) await endCode(tx, c, false);
    }
  }
  return null;
}
