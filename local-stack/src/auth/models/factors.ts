// auth.mfa_factors and auth.mfa_challenges (GoTrue's models/factor.go, challenge.go) and the factor JSON.
import crypto from 'node:crypto';
import type { Queryable } from '../../db/db.ts';
import { iso, type Json, UUID_RE } from './json.ts';

export interface FactorRow {
  id: string;
  user_id: string;
  friendly_name: string | null;
  factor_type: string;
  status: 'verified' | 'unverified';
  created_at: unknown;
  updated_at: unknown;
  secret: string | null;
  phone: string | null;
  last_challenged_at: unknown;
}

export interface ChallengeRow {
  id: string;
  factor_id: string;
  verified_at: unknown;
  ip_address: string;
  age: number;
}

const FACTOR_COLS = `id::text as id, user_id::text as user_id, friendly_name, factor_type::text as factor_type,
  status::text as status, created_at, updated_at, secret, phone, last_challenged_at`;

/** Unverified factors are dropped after this long, as GoTrue's `[auth.mfa] factor_expiry_duration` default. */
export const FACTOR_EXPIRY_SECONDS = 300;
/** A challenge answers for this long (GoTrue's `challenge_expiry_duration` default). */
export const CHALLENGE_EXPIRY_SECONDS = 300;
/** GoTrue's defaults for `max_enrolled_factors` and verified factors per user. */
export const MAX_FACTORS = 10;

export async function factorsOf(q: Queryable, userId: string): Promise<FactorRow[]> {
  const r = await q.query<FactorRow>(
    `select ${FACTOR_COLS} from auth.mfa_factors where user_id = $1 order by created_at, id`,
    [userId],
  );
  return r.rows;
}

/** The user's own factor (`lock` takes it for update), or null for another user's or an unknown id. */
export async function findOwnedFactor(
  q: Queryable,
  userId: string,
  factorId: string,
  lock = false,
): Promise<FactorRow | null> {
  if (!UUID_RE.test(factorId)) return null;
  const r = await q.query<FactorRow>(
    `select ${FACTOR_COLS} from auth.mfa_factors where id = $1 and user_id = $2${lock ? ' for update' : ''}`,
    [factorId, userId],
  );
  return r.rows[0] ?? null;
}

export function factorJson(f: FactorRow): Json {
  const out: Json = {
    id: f.id,
    friendly_name: f.friendly_name ?? '',
    factor_type: f.factor_type,
    status: f.status,
    created_at: iso(f.created_at),
    updated_at: iso(f.updated_at),
  };
  if (f.phone) out.phone = f.phone;
  out.last_challenged_at = iso(f.last_challenged_at);
  return out;
}

export async function deleteExpiredFactors(q: Queryable, userId: string): Promise<void> {
  await q.query(
    `delete from auth.mfa_factors where user_id = $1 and status = 'unverified'
        and created_at < now() - make_interval(secs => $2)`,
    [userId, FACTOR_EXPIRY_SECONDS],
  );
}

export async function insertTotpFactor(
  q: Queryable,
  userId: string,
  friendlyName: string,
  secret: string,
): Promise<FactorRow> {
  const r = await q.query<FactorRow>(
    `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
     values ($1, $2, $3, 'totp', 'unverified', now(), now(), $4) returning ${FACTOR_COLS}`,
    [crypto.randomUUID(), userId, friendlyName, secret],
  );
  return r.rows[0]!;
}

export async function insertChallenge(
  q: Queryable,
  factorId: string,
  ip: string,
): Promise<{ id: string; expiresAt: number }> {
  const id = crypto.randomUUID();
  const r = await q.query<{ created: string }>(
    `insert into auth.mfa_challenges (id, factor_id, created_at, ip_address) values ($1, $2, now(), $3::inet)
     returning extract(epoch from created_at)::bigint::text as created`,
    [id, factorId, ip],
  );
  return { id, expiresAt: Number(r.rows[0]!.created) + CHALLENGE_EXPIRY_SECONDS };
}

/** The factor's challenge, locked so two verifications of one challenge are serialised. */
export async function findChallenge(q: Queryable, factorId: string, challengeId: string): Promise<ChallengeRow | null> {
  if (!UUID_RE.test(challengeId)) return null;
  const r = await q.query<ChallengeRow & { age: string }>(
    `select id::text as id, factor_id::text as factor_id, verified_at, host(ip_address) as ip_address,
            extract(epoch from now() - created_at)::text as age
       from auth.mfa_challenges where id = $1 and factor_id = $2 for update`,
    [challengeId, factorId],
  );
  const c = r.rows[0];
  return c ? { ...c, age: Number(c.age) } : null;
}

/** The address a challenge is bound to, as inet stores it (IPv4-mapped IPv6 as plain IPv4). */
export const challengeIp = (ip: string): string => {
  const v = ip.replace(/^::ffff:/, '');
  return /^[0-9a-f.:]+$/i.test(v) ? v : '0.0.0.0';
};
