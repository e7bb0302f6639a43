// Personas and impersonation for database tests: each persona acts exactly as PostgREST makes it act
// (role + request.jwt.claims set locally inside one transaction), never as postgres.
import type { Db, Queryable } from '@guestmap/local-stack/src/db/db.ts';

/** Seeded accounts (supabase/seed.sql); password demo-pass-123. */
export const USERS = {
  admin: '00000000-0000-4000-a000-000000000001',
  moderator: '00000000-0000-4000-a000-000000000002',
  guest: '00000000-0000-4000-a000-000000000003',
  disabled: '00000000-0000-4000-a000-000000000004',
  innkeeper: '00000000-0000-4000-a000-000000000005',
  traveller: '00000000-0000-4000-a000-000000000006',
  /** partner@demo.test: staff of the partner miu-miu-spa of HOTEL_A. */
  partner: '00000000-0000-4000-a000-000000000007',
} as const;

/** Created by ensureAnonymousGuest: an anonymous-sign-in account (no e-mail). */
export const ANONYMOUS_GUEST = '00000000-0000-4000-a000-0000000000aa';

export const HOTEL_A = 'saigon-riverside-hotel';
export const HOTEL_B = 'hanoi-old-quarter-inn';

export type PersonaName =
  'anon' | 'moderatorA' | 'moderatorB' | 'admin' | 'disabled' | 'plain' | 'anonymousGuest' | 'guest';
export const PERSONAS: PersonaName[] = [
  'anon',
  'moderatorA',
  'moderatorB',
  'admin',
  'disabled',
  'plain',
  'anonymousGuest',
  'guest',
];

export const personaUser: Record<PersonaName, string | null> = {
  anon: null,
  moderatorA: USERS.moderator,
  moderatorB: USERS.innkeeper,
  admin: USERS.admin,
  disabled: USERS.disabled,
  plain: USERS.traveller,
  anonymousGuest: ANONYMOUS_GUEST,
  guest: USERS.guest,
};

export function claimsFor(p: PersonaName): Record<string, unknown> {
  const sub = personaUser[p];
  if (!sub) return { role: 'anon', iss: 'supabase-demo' };
  return {
    sub,
    role: 'authenticated',
    aud: 'authenticated',
    is_anonymous: p === 'anonymousGuest',
    session_id: '11111111-1111-4111-a111-111111111111',
    // The seeded administrator has an authenticator app and administrators must use it (issue 41): its persona is
    // a session that entered the code. Every other persona signed in with a password alone.
    aal: p === 'admin' ? 'aal2' : 'aal1',
  };
}

class Rollback extends Error {
  constructor(readonly value: unknown) {
    super('rollback');
  }
}

/**
 * Runs fn as the persona inside BEGIN … ROLLBACK (or COMMIT with commit: true, to prove that a denied
 * write really changed nothing). `tx` is the persona's session; call `asSuper(tx)` to look around as
 * postgres inside the same transaction.
 */
export async function asPersona<T>(
  db: Db,
  p: PersonaName,
  fn: (tx: Queryable) => Promise<T>,
  opts: { commit?: boolean } = {},
): Promise<T> {
  const claims = claimsFor(p);
  try {
    return await db.transaction(async (tx) => {
      await tx.query(
        "select set_config('search_path', 'public, extensions', true), set_config('role', $1, true), set_config('request.jwt.claims', $2, true), set_config('request.method', 'POST', true)",
        [claims.role, JSON.stringify(claims)],
      );
      const value = await fn(tx);
      if (opts.commit) return value;
      throw new Rollback(value);
    });
  } catch (e) {
    if (e instanceof Rollback) return e.value as T;
    throw e;
  }
}

/** Runs one statement in its own transaction as a bare Data API role (`set local role`, no JWT claims). */
export async function asRole(db: Db, role: 'anon' | 'authenticated' | 'service_role', sql: string): Promise<unknown> {
  return db.transaction(async (tx) => {
    await tx.query(`set local role ${role}`);
    return tx.query(sql);
  });
}

export async function asSuper(tx: Queryable): Promise<void> {
  await tx.query('reset role');
}

/** Switches the session's identity inside the current transaction, as PostgREST would for another request. */
export async function become(tx: Queryable, p: PersonaName | { sub: string }): Promise<void> {
  const claims = typeof p === 'string' ? claimsFor(p) : { ...claimsFor('plain'), sub: p.sub };
  await tx.query("select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)", [
    claims.role,
    JSON.stringify(claims),
  ]);
}

export type Outcome = { ok: unknown } | { code: string; detail?: string };

/** One statement in a savepoint: its first column of the first row, or its error (and the transaction goes on). */
export async function outcome(tx: Queryable, sql: string, params: unknown[] = []): Promise<Outcome> {
  await tx.query('savepoint o');
  try {
    const { rows } = await tx.query<Record<string, unknown>>(sql, params);
    await tx.query('release savepoint o');
    return { ok: rows[0] ? Object.values(rows[0])[0] : null };
  } catch (e) {
    await tx.query('rollback to savepoint o');
    const err = e as { code: string; detail?: string };
    return { code: err.code, ...(err.detail ? { detail: err.detail } : {}) };
  }
}

export interface SqlError {
  code: string;
  message: string;
  detail?: string;
  hint?: string;
}

/** The database error a promise rejects with (fails the test when it resolves). */
export async function sqlError(p: Promise<unknown>): Promise<SqlError> {
  try {
    await p;
  } catch (e) {
    const err = e as SqlError;
    return { code: err.code, message: err.message, detail: err.detail, hint: err.hint };
  }
  throw new Error('expected a database error, got success');
}

/** A digest of each table's full contents, read as superuser. */
export async function snapshot(db: Db, tables: string[]): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const t of tables) {
    const { rows } = await db.query<{ d: string | null; n: string | number }>(
      `select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as d, count(*) as n from ${t} x`,
    );
    out[t] = `${rows[0]!.n}:${rows[0]!.d}`;
  }
  return out;
}

/** Creates the anonymous guest account (as auth does for an anonymous sign-in). */
export async function ensureAnonymousGuest(db: Db): Promise<void> {
  await db.query(
    `insert into auth.users (instance_id, id, aud, role, is_anonymous, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', true, '{}', '{}', now(), now())
     on conflict (id) do nothing`,
    [ANONYMOUS_GUEST],
  );
}

export const sorted = (xs: Iterable<unknown>): string[] => [...xs].map(String).sort();

export async function ids(q: Queryable, sql: string, params: unknown[] = []): Promise<string[]> {
  const { rows } = await q.query<{ id: unknown }>(sql, params);
  return sorted(rows.map((r) => r.id));
}

/** Distinct voucher codes (the code alphabet, 10 characters): the prefix's first 6 letters, then a counter. */
export function voucherCodes(prefix: string): () => string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  let counter = 0;
  return () => {
    let n = ++counter;
    let tail = '';
    for (let i = 0; i < 4; i++) {
      tail = alphabet[n % 32] + tail;
      n = Math.floor(n / 32);
    }
    return (prefix + 'ZZZZZZ').slice(0, 6) + tail;
  };
}

/** The partner activities of the hotels, by slug (read as superuser). */
export async function partnerIds(db: Db, customers: string[]): Promise<Record<string, string>> {
  const { rows } = await db.query<{ slug: string; id: string }>(
    'select slug, id::text from public.activities where customer_id = any($1::text[]) and is_partner',
    [customers],
  );
  return Object.fromEntries(rows.map((r) => [r.slug, r.id]));
}
