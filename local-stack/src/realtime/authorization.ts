// Private channels' authorisation (Realtime's Tenants.Authorization): RLS policies on `realtime.messages`,
// checked as the user's role with their JWT claims and `realtime.topic` set for the transaction, always rolled
// back. Read: rows for the topic (one per extension) are inserted by the service, then selected as the user;
// those the policies let through are the extensions the user may read. Write: the user inserts one row per
// extension (each in a savepoint); an RLS refusal (42501) means no write.
import crypto from 'node:crypto';
import type { Db, Queryable } from '../db/db.ts';
import type { Claims } from '../jwt.ts';

export type Extension = 'broadcast' | 'presence';
const EXTENSIONS: Extension[] = ['broadcast', 'presence'];

/** What a user may do on one topic; undefined: not checked yet. */
export interface Policies {
  broadcast: { read?: boolean; write?: boolean };
  presence: { read?: boolean; write?: boolean };
}

export const noPolicies = (): Policies => ({ broadcast: {}, presence: {} });

/** Roles a check may act as: the API's. A token with another role is refused (hosted would `SET ROLE` to it). */
const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);
const apiRole = (claims: Claims) =>
  typeof claims.role === 'string' && API_ROLES.has(claims.role) ? claims.role : null;

/** The check could not be run (not a refusal by policy): hosted answers "unable to connect" to such errors. */
export class AuthorizationUnavailable extends Error {}

/** The database refused the write check with another error than 42501 (a policy that raises, say). */
export class PolicyError extends Error {}

class Rollback {
  constructor(readonly value: Policies) {}
}

/** A Postgres error (a policy that raises, a bad role): hosted treats it as a refusal (`rls_policy_error`). */
function isDbError(e: unknown): boolean {
  return typeof e === 'object' && e !== null && typeof (e as { code?: unknown }).code === 'string';
}

async function asUser(tx: Queryable, topic: string, claims: Claims, role: string): Promise<void> {
  await tx.query(
    `select set_config('role', $1, true), set_config('realtime.topic', $2, true),
            set_config('request.jwt.claims', $3, true), set_config('request.jwt.claim.sub', $4, true),
            set_config('request.jwt.claim.role', $1, true), set_config('request.headers', '{}', true)`,
    [role, topic, JSON.stringify(claims), typeof claims.sub === 'string' ? claims.sub : ''],
  );
}

async function rolledBack(db: Db, fn: (tx: Queryable) => Promise<Policies>): Promise<Policies> {
  try {
    await db.transaction(async (tx) => {
      throw new Rollback(await fn(tx));
    });
  } catch (e) {
    if (e instanceof Rollback) return e.value;
    throw e;
  }
  throw new Error('unreachable');
}

function copy(p: Policies): Policies {
  return { broadcast: { ...p.broadcast }, presence: { ...p.presence } };
}

/**
 * Read policies for `extensions` on `topic`. A refusal by the database (a policy raising an error, say) is a
 * refusal, as on hosted; other failures throw AuthorizationUnavailable.
 */
export async function readPolicies(
  db: Db,
  topic: string,
  claims: Claims,
  extensions: Extension[],
  base: Policies = noPolicies(),
): Promise<Policies> {
  const out = copy(base);
  const role = apiRole(claims);
  const denyAll = () => {
    for (const ext of extensions) out[ext].read = false;
    return out;
  };
  if (!role) return denyAll();
  const ids = extensions.map(() => crypto.randomUUID());
  try {
    return await rolledBack(db, async (tx) => {
      await tx.query(
        `insert into realtime.messages (id, topic, extension)
         select id, $2, ext from unnest($1::uuid[], $3::text[]) as t(id, ext)`,
        [ids, topic, extensions],
      );
      await asUser(tx, topic, claims, role);
      const { rows } = await tx.query<{ id: string }>(
        'select id::text as id from realtime.messages where id = any($1::uuid[])',
        [ids],
      );
      const seen = new Set(rows.map((r) => r.id));
      extensions.forEach((ext, i) => (out[ext].read = seen.has(ids[i]!)));
      return out;
    });
  } catch (e) {
    if (isDbError(e)) return denyAll();
    throw new AuthorizationUnavailable(e instanceof Error ? e.message : String(e));
  }
}

/**
 * Write policies (broadcast and presence) on `topic`: whether the user may insert its rows. Another database
 * error than an RLS refusal throws PolicyError (hosted's `rls_policy_error`), anything else AuthorizationUnavailable.
 */
export async function writePolicies(
  db: Db,
  topic: string,
  claims: Claims,
  base: Policies = noPolicies(),
): Promise<Policies> {
  const out = copy(base);
  const role = apiRole(claims);
  if (!role) {
    for (const ext of EXTENSIONS) out[ext].write = false;
    return out;
  }
  try {
    return await rolledBack(db, async (tx) => {
      await asUser(tx, topic, claims, role);
      for (const ext of EXTENSIONS) {
        await tx.query('savepoint realtime_write_check');
        try {
          await tx.query('insert into realtime.messages (topic, extension) values ($1, $2)', [topic, ext]);
          out[ext].write = true;
          await tx.query('release savepoint realtime_write_check');
        } catch (e) {
          if ((e as { code?: unknown }).code !== '42501') throw e;
          out[ext].write = false;
          await tx.query('rollback to savepoint realtime_write_check');
        }
      }
      return out;
    });
  } catch (e) {
    if (isDbError(e)) throw new PolicyError(e instanceof Error ? e.message : String(e));
    throw new AuthorizationUnavailable(e instanceof Error ? e.message : String(e));
  }
}
