// auth.users / auth.identities rows and their JSON as GoTrue returns it.
import type { Queryable } from '../../db/db.ts';
import { factorJson, factorsOf, type FactorRow } from './factors.ts';
import { iso, type Json, UUID_RE } from './json.ts';

export { iso, UUID_RE, type Json };

export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  phone: string | null;
  encrypted_password: string | null;
  email_confirmed_at: unknown;
  phone_confirmed_at: unknown;
  confirmed_at: unknown;
  confirmation_sent_at: unknown;
  recovery_sent_at: unknown;
  last_sign_in_at: unknown;
  raw_app_meta_data: Json | null;
  raw_user_meta_data: Json | null;
  created_at: unknown;
  updated_at: unknown;
  banned_until: unknown;
  deleted_at: unknown;
  is_anonymous: boolean;
  is_banned: boolean;
  /** The address an e-mail change waits to confirm ('' or null when none). */
  email_change: string | null;
  email_change_sent_at: unknown;
  email_change_confirm_status: number | null;
}

export interface IdentityRow {
  identity_id: string;
  id: string;
  user_id: string;
  identity_data: Json | null;
  provider: string;
  last_sign_in_at: unknown;
  created_at: unknown;
  updated_at: unknown;
  email: string | null;
}

const USER_COLS = `id::text as id, aud, role, email, phone, encrypted_password, email_confirmed_at, phone_confirmed_at,
  confirmed_at, confirmation_sent_at, recovery_sent_at, last_sign_in_at, raw_app_meta_data, raw_user_meta_data,
  created_at, updated_at, banned_until, deleted_at, is_anonymous,
  coalesce(banned_until > now(), false) as is_banned, email_change, email_change_sent_at, email_change_confirm_status`;

const asObj = (v: unknown): Json => {
  if (typeof v === 'string') {
    try {
      return asObj(JSON.parse(v));
    } catch {
      return {};
    }
  }
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {};
};

export async function findUserById(q: Queryable, id: string, lock = false): Promise<UserRow | null> {
  if (!UUID_RE.test(id)) return null;
  const r = await q.query<UserRow>(`select ${USER_COLS} from auth.users where id = $1${lock ? ' for update' : ''}`, [
    id,
  ]);
  return r.rows[0] ?? null;
}

export async function findUserByEmail(q: Queryable, email: string): Promise<UserRow | null> {
  const r = await q.query<UserRow>(
    `select ${USER_COLS} from auth.users where lower(email) = $1 and is_sso_user = false and deleted_at is null limit 1`,
    [email.toLowerCase()],
  );
  return r.rows[0] ?? null;
}

export async function identitiesOf(q: Queryable, userId: string): Promise<IdentityRow[]> {
  const r = await q.query<IdentityRow>(
    `select id::text as identity_id, provider_id as id, user_id::text as user_id, identity_data, provider, last_sign_in_at,
            created_at, updated_at, email
       from auth.identities where user_id = $1 order by created_at, provider`,
    [userId],
  );
  return r.rows;
}

export function identityJson(i: IdentityRow): Json {
  return {
    identity_id: i.identity_id,
    id: i.id,
    user_id: i.user_id,
    identity_data: asObj(i.identity_data),
    provider: i.provider,
    last_sign_in_at: iso(i.last_sign_in_at),
    created_at: iso(i.created_at),
    updated_at: iso(i.updated_at),
    email: i.email ?? '',
  };
}

/** The user object of GoTrue's API (fields that are empty there are left out here too, `factors` among them). */
export function userJson(u: UserRow, identities: IdentityRow[], factors: FactorRow[] = []): Json {
  const out: Json = {
    id: u.id,
    aud: u.aud || 'authenticated',
    role: u.role || 'authenticated',
    email: u.email ?? '',
  };
  const opt = (k: string, v: unknown) => {
    const s = iso(v);
    if (s) out[k] = s;
  };
  opt('email_confirmed_at', u.email_confirmed_at);
  out.phone = u.phone ?? '';
  opt('phone_confirmed_at', u.phone_confirmed_at);
  opt('confirmation_sent_at', u.confirmation_sent_at);
  opt('confirmed_at', u.confirmed_at);
  opt('recovery_sent_at', u.recovery_sent_at);
  opt('last_sign_in_at', u.last_sign_in_at);
  if (u.email_change) out.new_email = u.email_change;
  opt('email_change_sent_at', u.email_change_sent_at);
  out.app_metadata = asObj(u.raw_app_meta_data);
  out.user_metadata = asObj(u.raw_user_meta_data);
  out.identities = identities.map(identityJson);
  if (factors.length) out.factors = factors.map(factorJson);
  out.created_at = iso(u.created_at);
  out.updated_at = iso(u.updated_at);
  opt('banned_until', u.banned_until);
  opt('deleted_at', u.deleted_at);
  out.is_anonymous = Boolean(u.is_anonymous);
  return out;
}

export async function loadUserJson(q: Queryable, id: string): Promise<Json | null> {
  const u = await findUserById(q, id);
  return u ? userJson(u, await identitiesOf(q, id), await factorsOf(q, id)) : null;
}

export function appMeta(u: UserRow): Json {
  return asObj(u.raw_app_meta_data);
}
export function userMeta(u: UserRow): Json {
  return asObj(u.raw_user_meta_data);
}

export interface NewUser {
  id: string;
  email: string | null;
  encryptedPassword: string | null;
  emailConfirmed: boolean;
  appMetadata: Json;
  userMetadata: Json;
  isAnonymous: boolean;
  role?: string;
}

/** Inserts into auth.users (so its triggers run in the caller's transaction). */
export async function insertUser(q: Queryable, u: NewUser): Promise<void> {
  await q.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data,
        raw_user_meta_data, is_anonymous, created_at, updated_at, is_super_admin, confirmation_token, recovery_token,
        email_change_token_new, email_change)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', $2, $3, $4, case when $5::boolean then now() end,
        $6::jsonb, $7::jsonb, $8, now(), now(), false, '', '', '', '')`,
    [
      u.id,
      u.role ?? 'authenticated',
      u.email,
      u.encryptedPassword,
      u.emailConfirmed,
      JSON.stringify(u.appMetadata),
      JSON.stringify(u.userMetadata),
      u.isAnonymous,
    ],
  );
}

export async function insertIdentity(
  q: Queryable,
  userId: string,
  provider: string,
  providerId: string,
  data: Json,
): Promise<void> {
  await q.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
     values ($1, $2, $3::jsonb, $4, now(), now(), now())`,
    [providerId, userId, JSON.stringify(data), provider],
  );
}
