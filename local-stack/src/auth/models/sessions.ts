// Sessions, refresh tokens and access tokens: what every sign-in method ends with. Issuance runs
// inside the caller's transaction so a failing access-token hook leaves no session behind.
import crypto from 'node:crypto';
import type http from 'node:http';
import type { Queryable } from '../../db/db.ts';
import type { StackContext } from '../../context.ts';
import { bearer } from '../../http/router.ts';
import { JwtError, signJwt, verifyJwt, type Claims } from '../../jwt.ts';
import { authError, badRequest, forbidden, unexpected } from '../errors.ts';
import { factorsOf } from './factors.ts';
import { appMeta, findUserById, identitiesOf, userJson, userMeta, type Json, type UserRow, UUID_RE } from './users.ts';
import { clientIp } from '../rate-limit.ts';

export type AuthMethod = 'password' | 'anonymous' | 'oauth' | 'otp' | 'recovery' | 'email/signup' | 'token_refresh';

export interface SessionJson extends Json {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: Json;
}

const schemaReady = new WeakMap<object, Promise<void>>();
/**
 * _auth.otp_codes is the stack's own (hosted has no such table): each mailed code's hash and wrong tries
 * (codes.ts: every code auth mails), in a schema no API role can reach. GoTrue's tables, auth.mfa_* among
 * them, are created before the project's migrations (db/bootstrap.sql, db/auth-mfa.sql).
 */
export function ensureAuthSchema(ctx: StackContext): Promise<void> {
  const known = schemaReady.get(ctx.db);
  if (known) return known;
  const p = ctx.db
    .exec(
      `create schema if not exists _auth;
       revoke all on schema _auth from public;
       create table if not exists _auth.otp_codes (
         user_id uuid not null references auth.users (id) on delete cascade,
         token_type text not null,
         code_hash text not null,
         failed_attempts integer not null default 0,
         created_at timestamptz not null default now(),
         primary key (user_id, token_type)
       );
       revoke all on _auth.otp_codes from public;`,
    )
    .catch((e) => {
      schemaReady.delete(ctx.db);
      throw e;
    });
  schemaReady.set(ctx.db, p);
  return p;
}

// Short, URL-safe, unguessable (as GoTrue's current 12-character tokens are, but longer).
const newRefreshToken = () => crypto.randomBytes(16).toString('base64url');

export async function insertRefreshToken(
  q: Queryable,
  userId: string,
  sessionId: string,
  parent: string | null,
): Promise<string> {
  const token = newRefreshToken();
  await q.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, false, now(), now(), $3, $4)`,
    [token, userId, parent, sessionId],
  );
  return token;
}

const REQUIRED_CLAIMS = ['aud', 'exp', 'iat', 'sub', 'email', 'phone', 'role', 'aal', 'session_id', 'is_anonymous'];

function parseHookUri(uri: string): { schema: string; fn: string } {
  const m = /^pg-functions:\/\/[^/]+\/([^/]+)\/([^/]+)$/.exec(uri.trim());
  if (!m) throw unexpected(`Invalid hook URI: ${uri}`);
  return { schema: m[1]!, fn: m[2]! };
}
const ident = (s: string) => `"${s.replace(/"/g, '""')}"`;

async function runAccessTokenHook(
  ctx: StackContext,
  tx: Queryable,
  req: http.IncomingMessage | null,
  userId: string,
  claims: Claims,
  method: AuthMethod,
): Promise<Claims> {
  const hook = ctx.config.auth.hooks.customAccessToken;
  if (!hook?.enabled) return claims;
  const { schema, fn } = parseHookUri(hook.uri);
  const input = {
    metadata: {
      uuid: crypto.randomUUID(),
      time: new Date().toISOString(),
      name: 'custom-access-token',
      ip_address: req ? clientIp(req) : '',
    },
    user_id: userId,
    claims,
    authentication_method: method,
  };
  let out: unknown;
  try {
    await tx.query('set local role supabase_auth_admin');
    await tx.query(`set local statement_timeout = '2s'`);
    const r = await tx.query<{ out: unknown }>(`select ${ident(schema)}.${ident(fn)}($1::jsonb) as out`, [
      JSON.stringify(input),
    ]);
    out = r.rows[0]?.out;
    await tx.query('reset role');
    await tx.query('reset statement_timeout');
  } catch (e) {
    ctx.log(`[auth] access token hook failed: ${(e as Error).message}`);
    throw unexpected(`Error running hook URI: ${hook.uri}`);
  }
  if (typeof out === 'string') {
    try {
      out = JSON.parse(out);
    } catch {}
  }
  if (!out || typeof out !== 'object') throw unexpected('Error running hook URI: the hook returned no object');
  const o = out as { claims?: unknown; error?: { http_code?: unknown; message?: unknown } };
  if (o.error && typeof o.error === 'object') {
    const status =
      typeof o.error.http_code === 'number' && o.error.http_code >= 400 && o.error.http_code < 600
        ? o.error.http_code
        : 500;
    throw authError(status, status >= 500 ? 'unexpected_failure' : 'unknown', String(o.error.message ?? 'Hook error'));
  }
  const c = o.claims;
  if (!c || typeof c !== 'object' || Array.isArray(c) || REQUIRED_CLAIMS.some((k) => !(k in c))) {
    throw unexpected('output claims do not conform to the expected schema');
  }
  return c as Claims;
}

/** The session's `amr`: each method once, newest first, timestamped when it was last used (GoTrue's AMREntry). */
async function sessionAmr(tx: Queryable, sessionId: string): Promise<{ method: string; timestamp: number }[]> {
  const r = await tx.query<{ method: string; ts: string | number }>(
    `select authentication_method as method, extract(epoch from updated_at)::bigint::text as ts
       from auth.mfa_amr_claims where session_id = $1 order by updated_at desc, authentication_method`,
    [sessionId],
  );
  return r.rows.map((x) => ({ method: x.method, timestamp: Number(x.ts) }));
}

/** The session's assurance level as auth.sessions keeps it: aal2 after a verified second factor, else aal1. */
export async function sessionAal(q: Queryable, sessionId: string): Promise<'aal1' | 'aal2'> {
  const r = await q.query<{ aal: string | null }>('select aal::text as aal from auth.sessions where id = $1', [
    sessionId,
  ]);
  return r.rows[0]?.aal === 'aal2' ? 'aal2' : 'aal1';
}

/** Signs the access token for (user, session) and returns GoTrue's session JSON. */
export async function sessionResponse(
  ctx: StackContext,
  tx: Queryable,
  req: http.IncomingMessage | null,
  userId: string,
  sessionId: string,
  refreshToken: string,
  method: AuthMethod,
  extra: Json = {},
): Promise<SessionJson> {
  const user = await findUserById(tx, userId);
  if (!user) throw unexpected('User vanished while issuing a session');
  const now = Math.floor(Date.now() / 1000);
  const expiresIn = ctx.config.auth.jwtExpiry;
  let claims: Claims = {
    iss: `${ctx.apiUrl}/auth/v1`,
    sub: user.id,
    aud: user.aud || 'authenticated',
    exp: now + expiresIn,
    iat: now,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: appMeta(user),
    user_metadata: userMeta(user),
    role: user.role || 'authenticated',
    aal: await sessionAal(tx, sessionId),
    amr: await sessionAmr(tx, sessionId),
    session_id: sessionId,
    is_anonymous: Boolean(user.is_anonymous),
  };
  claims = await runAccessTokenHook(ctx, tx, req, user.id, claims, method);
  const accessToken = signJwt(claims, ctx.config.auth.jwtSecret);
  const exp = typeof claims.exp === 'number' ? claims.exp : now + expiresIn;
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: Math.max(0, exp - now),
    expires_at: exp,
    refresh_token: refreshToken,
    user: userJson(user, await identitiesOf(tx, user.id), await factorsOf(tx, user.id)),
    ...extra,
  };
}

/** New session for a user who just authenticated: sessions row, amr entry, first refresh token, last_sign_in_at. */
export async function issueSession(
  ctx: StackContext,
  tx: Queryable,
  req: http.IncomingMessage | null,
  userId: string,
  method: AuthMethod,
  extra: Json = {},
): Promise<SessionJson> {
  const sessionId = crypto.randomUUID();
  const ua = req?.headers['user-agent'] ?? null;
  const ip = req ? clientIp(req).replace(/^::ffff:/, '') : null;
  await tx.query(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, ip)
     values ($1, $2, now(), now(), 'aal1', $3, $4::inet)`,
    [sessionId, userId, ua, ip && /^[0-9a-f.:]+$/i.test(ip) ? ip : null],
  );
  await tx.query(
    `insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method) values ($1, $2, now(), now(), $3)`,
    [crypto.randomUUID(), sessionId, method === 'email/signup' ? 'password' : method],
  );
  await tx.query('update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1', [userId]);
  const token = await insertRefreshToken(tx, userId, sessionId, null);
  return sessionResponse(ctx, tx, req, userId, sessionId, token, method, extra);
}

type RefreshOutcome = { ok: SessionJson } | { fail: ReturnType<typeof badRequest> };

/** grant_type=refresh_token with rotation and the reuse interval, as GoTrue does it. */
export async function refreshSession(
  ctx: StackContext,
  req: http.IncomingMessage,
  token: string,
): Promise<SessionJson> {
  const outcome = await ctx.db.transaction<RefreshOutcome>(async (tx) => {
    const found = await tx.query<{ session_id: string | null; user_id: string; revoked: boolean; age: string }>(
      `select session_id::text as session_id, user_id, revoked, extract(epoch from now() - updated_at)::text as age
         from auth.refresh_tokens where token = $1`,
      [token],
    );
    const rt = found.rows[0];
    if (!rt || !rt.session_id)
      return { fail: badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found') };
    // Lock the session so concurrent refreshes of one session are serialised (on a real server).
    const sess = await tx.query('select id from auth.sessions where id = $1 for update', [rt.session_id]);
    if (sess.rows.length === 0)
      return { fail: badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found') };
    const user = await findUserById(tx, rt.user_id);
    if (!user) return { fail: badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found') };
    if (user.is_banned) return { fail: badRequest('user_banned', 'Invalid Refresh Token: User Banned') };
    // Re-read after taking the lock: a concurrent refresh may have rotated it meanwhile.
    const cur = await tx.query<{ revoked: boolean; age: string }>(
      'select revoked, extract(epoch from now() - updated_at)::text as age from auth.refresh_tokens where token = $1',
      [token],
    );
    const revoked = cur.rows[0]?.revoked ?? rt.revoked;
    const age = Number(cur.rows[0]?.age ?? rt.age);
    if (revoked) {
      const active = await tx.query<{ token: string }>(
        'select token from auth.refresh_tokens where session_id = $1 and revoked = false order by id desc limit 1',
        [rt.session_id],
      );
      const withinInterval =
        age <= ctx.config.auth.refreshTokenReuseInterval || !ctx.config.auth.enableRefreshTokenRotation;
      if (withinInterval && active.rows[0]) {
        // The client lost the response of its last refresh: hand back the active child again.
        return {
          ok: await sessionResponse(ctx, tx, req, user.id, rt.session_id, active.rows[0].token, 'token_refresh'),
        };
      }
      if (ctx.config.auth.enableRefreshTokenRotation) {
        // Reuse outside the interval looks like theft: revoke the whole family (this commits).
        await tx.query(
          'update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and revoked = false',
          [rt.session_id],
        );
      }
      return { fail: badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used') };
    }
    const next = await insertRefreshToken(tx, user.id, rt.session_id, token);
    await tx.query('update auth.refresh_tokens set revoked = true, updated_at = now() where token = $1', [token]);
    await tx.query(
      `update auth.sessions set refreshed_at = (now() at time zone 'utc'), updated_at = now() where id = $1`,
      [rt.session_id],
    );
    return { ok: await sessionResponse(ctx, tx, req, user.id, rt.session_id, next, 'token_refresh') };
  });
  if ('fail' in outcome) throw outcome.fail;
  return outcome.ok;
}

export interface Authed {
  claims: Claims;
  user: UserRow;
  sessionId: string | null;
}

/** Verifies the bearer token and loads its user and session: GoTrue's requireAuthentication. */
export async function requireUser(
  ctx: StackContext,
  req: http.IncomingMessage,
  q: Queryable = ctx.db,
): Promise<Authed> {
  const token = bearer(req);
  if (!token) throw authError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  let claims: Claims;
  try {
    claims = verifyJwt(token, ctx.config.auth.jwtSecret);
  } catch (e) {
    const reason =
      e instanceof JwtError && e.reason === 'expired'
        ? 'token has invalid claims: token is expired'
        : (e as Error).message;
    throw forbidden('bad_jwt', `invalid JWT: unable to parse or verify signature, ${reason}`);
  }
  if (typeof claims.sub !== 'string' || claims.sub === '')
    throw forbidden('bad_jwt', 'invalid claim: missing sub claim');
  if (!UUID_RE.test(claims.sub)) throw forbidden('bad_jwt', 'invalid claim: sub claim must be a UUID');
  const user = await findUserById(q, claims.sub);
  if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
  const sid = typeof claims.session_id === 'string' && claims.session_id ? claims.session_id : null;
  if (sid) {
    const s = UUID_RE.test(sid) ? await q.query('select 1 from auth.sessions where id = $1', [sid]) : { rows: [] };
    if (s.rows.length === 0)
      throw forbidden('session_not_found', `Session from session_id claim in JWT does not exist`);
  }
  return { claims, user, sessionId: sid };
}
