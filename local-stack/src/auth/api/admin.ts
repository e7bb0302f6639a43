// The admin API the service role uses (supabase.auth.admin.*): list, create, read, update, delete users.
import crypto from 'node:crypto';
import type { StackContext } from '../../context.ts';
import type { Queryable } from '../../db/db.ts';
import { bearer, type Req, type Res } from '../../http/router.ts';
import { verifyJwt } from '../../jwt.ts';
import { authError, forbidden, unexpected, unprocessable, validationFailed } from '../errors.ts';
import { body, obj, reply, str } from '../http.ts';
import { hashPassword, isPgError } from '../passwords.ts';
import {
  findUserByEmail,
  findUserById,
  identitiesOf,
  insertIdentity,
  insertUser,
  loadUserJson,
  appMeta,
  userMeta,
  type Json,
  type UserRow,
} from '../models/users.ts';
import { checkPassword, normaliseEmail, parseGoDuration } from '../validate.ts';

export function requireAdmin(ctx: StackContext, req: Req): void {
  const token = bearer(req);
  if (!token) throw authError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  let role: unknown;
  try {
    role = verifyJwt(token, ctx.config.auth.jwtSecret).role;
  } catch (e) {
    throw forbidden('bad_jwt', `invalid JWT: unable to parse or verify signature, ${(e as Error).message}`);
  }
  if (role !== 'service_role' && role !== 'supabase_admin') throw forbidden('not_admin', 'User not allowed');
}

const notFound = () => authError(404, 'user_not_found', 'User not found');

export async function mustFind(q: Queryable, id: string): Promise<UserRow> {
  const u = await findUserById(q, id, true);
  if (!u) throw notFound();
  return u;
}

function banUntil(v: unknown): string | null | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  if (v === 'none') return null;
  const ms = typeof v === 'string' ? parseGoDuration(v) : null;
  if (ms === null) throw validationFailed(`invalid format for ban duration: ${String(v)}`);
  return new Date(Date.now() + ms).toISOString();
}

export async function listUsers(ctx: StackContext, req: Req, res: Res): Promise<void> {
  requireAdmin(ctx, req);
  const page = Math.max(1, Number(req.query.get('page')) || 1);
  const perPage = Math.min(1000, Math.max(1, Number(req.query.get('per_page')) || 50));
  const total = Number(
    (await ctx.db.query<{ n: string }>('select count(*)::text as n from auth.users')).rows[0]?.n ?? 0,
  );
  const ids = await ctx.db.query<{ id: string }>(
    'select id::text as id from auth.users order by created_at desc, id limit $1 offset $2',
    [perPage, (page - 1) * perPage],
  );
  const users: Json[] = [];
  for (const { id } of ids.rows) {
    const u = await loadUserJson(ctx.db, id);
    if (u) users.push(u);
  }
  const last = Math.max(1, Math.ceil(total / perPage));
  const links = [];
  if (page < last) links.push(`</admin/users?page=${page + 1}&per_page=${perPage}>; rel="next"`);
  links.push(`</admin/users?page=${last}&per_page=${perPage}>; rel="last"`);
  reply(res, 200, { users, aud: 'authenticated' }, { 'X-Total-Count': String(total), Link: links.join(', ') });
}

export async function getUserById(ctx: StackContext, req: Req, res: Res): Promise<void> {
  requireAdmin(ctx, req);
  const u = await loadUserJson(ctx.db, req.params.id ?? '');
  if (!u) throw notFound();
  reply(res, 200, u);
}

export async function createUser(ctx: StackContext, req: Req, res: Res): Promise<void> {
  requireAdmin(ctx, req);
  const b = await body(req);
  const email = str(b.email) ? normaliseEmail(b.email) : null;
  if (!email)
    throw validationFailed(
      str(b.phone) ? 'Phone users are not supported by the local stack' : 'An email address is required',
    );
  const hash =
    b.password !== undefined && b.password !== null ? await hashPassword(checkPassword(b.password, ctx.config)) : null;
  const until = banUntil(b.ban_duration);
  const id = str(b.id) ?? crypto.randomUUID();
  const confirmed = b.email_confirm === true;
  await ctx.db.transaction(async (tx) => {
    if (await findUserByEmail(tx, email))
      throw unprocessable('email_exists', 'A user with this email address has already been registered');
    try {
      await insertUser(tx, {
        id,
        email,
        encryptedPassword: hash,
        emailConfirmed: confirmed,
        appMetadata: { provider: 'email', providers: ['email'], ...(obj(b.app_metadata) ?? {}) },
        userMetadata: obj(b.user_metadata) ?? {},
        isAnonymous: false,
        role: str(b.role) ?? 'authenticated',
      });
    } catch (e) {
      if (isPgError(e) && e.code === '23505')
        throw unprocessable('email_exists', 'A user with this email address has already been registered');
      if (isPgError(e)) throw unexpected('Database error creating new user');
      throw e;
    }
    await insertIdentity(tx, id, 'email', id, { sub: id, email, email_verified: confirmed, phone_verified: false });
    if (until !== undefined) await tx.query('update auth.users set banned_until = $2 where id = $1', [id, until]);
  });
  reply(res, 200, await loadUserJson(ctx.db, id));
}

export async function updateUserById(ctx: StackContext, req: Req, res: Res): Promise<void> {
  requireAdmin(ctx, req);
  const id = req.params.id ?? '';
  const b = await body(req);
  const email = str(b.email) ? normaliseEmail(b.email) : null;
  const hash =
    b.password !== undefined && b.password !== null ? await hashPassword(checkPassword(b.password, ctx.config)) : null;
  const until = banUntil(b.ban_duration);
  await ctx.db.transaction(async (tx) => {
    const u = await mustFind(tx, id);
    const set = async (sql: string, ...params: unknown[]) =>
      tx.query(`update auth.users set ${sql}, updated_at = now() where id = $1`, [id, ...params]);
    if (email && email !== u.email) {
      const other = await findUserByEmail(tx, email);
      if (other && other.id !== id)
        throw unprocessable('email_exists', 'A user with this email address has already been registered');
      await set('email = $2', email);
      await tx.query(
        `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text) where user_id = $1 and provider = 'email'`,
        [id, email],
      );
      if (!(await identitiesOf(tx, id)).some((i) => i.provider === 'email')) {
        await insertIdentity(tx, id, 'email', id, {
          sub: id,
          email,
          email_verified: b.email_confirm === true,
          phone_verified: false,
        });
      }
    }
    if (hash) await set('encrypted_password = $2', hash);
    if (b.email_confirm === true) await set('email_confirmed_at = coalesce(email_confirmed_at, now())');
    if (b.email_confirm === false) await set('email_confirmed_at = null');
    const um = obj(b.user_metadata);
    if (um) await set('raw_user_meta_data = $2::jsonb', JSON.stringify(merge(userMeta(u), um)));
    const am = obj(b.app_metadata);
    if (am) await set('raw_app_meta_data = $2::jsonb', JSON.stringify(merge(appMeta(u), am)));
    if (str(b.role)) await set('role = $2', str(b.role));
    if (until !== undefined) await set('banned_until = $2', until);
  });
  reply(res, 200, await loadUserJson(ctx.db, id));
}

// GoTrue merges metadata keys; a null value removes the key.
function merge(base: Json, patch: Json): Json {
  const out = { ...base };
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else out[k] = v;
  }
  return out;
}

export async function deleteUser(ctx: StackContext, req: Req, res: Res): Promise<void> {
  requireAdmin(ctx, req);
  const id = req.params.id ?? '';
  const b = await body(req);
  const soft = b.should_soft_delete === true;
  await ctx.db.transaction(async (tx) => {
    await mustFind(tx, id);
    if (soft) {
      // Soft delete as GoTrue: the row stays, unusable, with its PII obfuscated.
      await tx.query('delete from auth.identities where user_id = $1', [id]);
      await tx.query('delete from auth.sessions where user_id = $1', [id]);
      await tx.query(
        `update auth.users set deleted_at = now(), email = null, phone = null, encrypted_password = '', raw_user_meta_data = '{}'::jsonb, updated_at = now() where id = $1`,
        [id],
      );
    } else {
      await tx.query('delete from auth.users where id = $1', [id]);
    }
  });
  reply(res, 200, {});
}
