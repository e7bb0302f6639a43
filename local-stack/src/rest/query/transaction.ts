// Query: the request's transaction (PostgREST's PostgREST.Query, runQuery / the "pre-request" part of
// PostgREST.Query.Statements): one transaction per request, opened with a single prelude statement that
// sets what PostgREST sets (read-only for GET/HEAD, search_path, role, request.jwt.claims,
// request.method/path/headers/cookies, the role's statement_timeout) and reads the DDL counter that
// tells whether the schema cache is stale; ended by commit or rollback as `db-tx-end` and `Prefer: tx=` say.
import type { StackContext } from '../../context.ts';
import type { Queryable, QueryResult } from '../../db/db.ts';
import type { Req } from '../../http/router.ts';
import { clientIp } from '../../auth/rate-limit.ts';
import { checkAudience, type Auth } from '../auth.ts';
import { restError } from '../errors.ts';
import { parsePrefer } from '../api-request/preferences.ts';
import { VERSION_SQL, type SchemaCache, type SchemaCacheManager } from '../schema-cache/index.ts';
import { withResponseGucs, type Outcome } from '../response.ts';
import { Rollback } from './rollback.ts';
import { GUCS_SQL, ident } from './sql-fragment.ts';

type GucRow = { gh: string | null; gs: string | null };
const GUCS_READ = `select ${GUCS_SQL}`;
const withGucRow = (out: Outcome, r: QueryResult<GucRow>) =>
  withResponseGucs(out, { gucHeaders: r.rows[0]?.gh ?? null, gucStatus: r.rows[0]?.gs ?? null });

/**
 * How a request's transaction ends, from PostgREST's `db-tx-end` (read, as PostgREST does, from the
 * authenticator role's `pgrst.db_tx_end` setting; default commit) and the request's `Prefer: tx=`.
 */
function txEnd(
  cache: SchemaCache,
  asked: 'commit' | 'rollback' | undefined,
): { rollback: boolean; applied: 'commit' | 'rollback' | null } {
  const mode = cache.roleSettings.get('authenticator')?.['pgrst.db_tx_end'] ?? 'commit';
  const overridable = mode.endsWith('-allow-override');
  const applied = overridable && asked ? asked : null;
  return { rollback: (applied ?? (mode.startsWith('rollback') ? 'rollback' : 'commit')) === 'rollback', applied };
}

/** Headers only the gateway in front of PostgREST may set; a client's own are dropped. */
const GATEWAY_HEADERS = new Set(['x-real-ip', 'cf-connecting-ip']);

/** A duration setting as Postgres reads it (`3s`, `1500`, `1min`; no unit = ms) in ms; null when unreadable or 0. */
export function settingMs(v: string): number | null {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(us|ms|s|min|h|d)?\s*$/.exec(v);
  if (!m) return null;
  const ms =
    Number(m[1]) * { us: 0.001, ms: 1, s: 1000, min: 60_000, h: 3_600_000, d: 86_400_000 }[(m[2] ?? 'ms') as 'ms'];
  return ms > 0 ? ms : null;
}

export type InTx = (
  req: Req,
  auth: Auth,
  schema: string,
  path: string,
  readOnly: boolean,
  fn: (tx: Queryable, cache: SchemaCache) => Promise<Outcome>,
) => Promise<Outcome>;

/** Runs `fn` in the request's transaction, as the request's role, with a current schema cache. */
export function transactor(ctx: StackContext, cacheMgr: SchemaCacheManager): InTx {
  async function inTxOrRollback(
    req: Req,
    auth: Auth,
    schema: string,
    path: string,
    readOnly: boolean,
    fn: (tx: Queryable, cache: SchemaCache) => Promise<Outcome>,
  ): Promise<Outcome> {
    const tracked = await cacheMgr.tracking;
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers))
      if (k !== 'cookie' && !GATEWAY_HEADERS.has(k) && v !== undefined)
        headers[k] = Array.isArray(v) ? v.join(', ') : v;
    // As hosted Supabase's gateway does (Cloudflare's cf-connecting-ip): the caller's address comes from
    // the connection, never from the client; the database's per-source limits read it.
    headers['x-real-ip'] = clientIp(req);
    // request.cookies: the Cookie header's pairs, as PostgREST's parseCookies reads them (`a=1; b=2`)
    const cookies: Record<string, string> = {};
    for (const part of (req.headers.cookie ?? '').split(';')) {
      const eq = part.indexOf('=');
      const name = (eq < 0 ? part : part.slice(0, eq)).trim();
      if (name) cookies[name] = eq < 0 ? '' : part.slice(eq + 1);
    }
    const searchPath = [...new Set([schema, ...ctx.config.api.extraSearchPath])].map(ident).join(', ');
    const claims = auth.claims.role === undefined ? { ...auth.claims, role: auth.role } : auth.claims;
    const timezone = req.headers.prefer ? parsePrefer(req.headers.prefer).timezone : undefined;
    // One statement sets everything PostgREST sets (and reads the DDL counter): fewer round trips.
    const prelude = async (tx: Queryable, cache: SchemaCache | null): Promise<string | null> => {
      // the role's statement_timeout (pg_db_role_setting), as PostgREST applies it; PGlite's watchdog enforces it there
      const timeout = cache?.roleSettings.get(auth.role)?.statement_timeout;
      const args: unknown[] = [
        searchPath,
        auth.role,
        JSON.stringify(claims),
        req.method,
        path,
        JSON.stringify(headers),
        JSON.stringify(cookies),
      ];
      if (timeout) args.push(timeout);
      // Prefer: timezone=… (PostgREST sets it; an unknown zone is Postgres's 22023 → 400)
      if (timezone !== undefined) args.push(timezone);
      const r = await tx.query<{ v: string | null }>(
        `select ${tracked ? VERSION_SQL : 'null::text'} as v,${readOnly ? ` set_config('transaction_read_only', 'on', true),` : ''}
          set_config('search_path', $1, true), set_config('role', $2, true), set_config('request.jwt.claims', $3, true),
          set_config('request.method', $4, true), set_config('request.path', $5, true), set_config('request.headers', $6, true),
          set_config('request.cookies', $7, true)${timeout ? `, set_config('statement_timeout', $8, true)` : ''}${timezone !== undefined ? `, set_config('timezone', $${args.length}, true)` : ''}`,
        args,
      );
      tx.limitStatements?.(timeout ? settingMs(timeout) : null);
      return r.rows[0]?.v ?? null;
    };
    const { out, gucs } = await ctx.db.transaction(async (tx) => {
      let cache = cacheMgr.cache;
      if (!cache || !tracked) {
        cache = await cacheMgr.load(
          tx,
          tracked ? ((await tx.query<{ v: string }>(`select ${VERSION_SQL} as v`)).rows[0]?.v ?? null) : null,
        );
        await prelude(tx, cache);
      } else {
        const v = await prelude(tx, cache);
        if (v !== cacheMgr.version) {
          // the schema changed: re-read the catalog as the connection's own role, then impersonate again. The
          // prelude has set the caller role's statement timeout (read from the old cache): the catalog read is the
          // REST layer's own work, as PostgREST's on its own connection, so it runs without that bound (a short
          // role timeout, or a busy machine, cancelled it with 57014 and failed the request).
          tx.limitStatements?.(null);
          await tx.query(`select set_config('role', 'none', true)`);
          await tx.query('set local statement_timeout to default');
          cache = await cacheMgr.load(tx, v);
          await prelude(tx, cache);
        }
      }
      if (!cache.apiRoles.has(auth.role)) {
        await tx.query(`select set_config('role', 'none', true)`);
        const exists = (await tx.query('select 1 from pg_roles where rolname = $1', [auth.role])).rows.length > 0;
        if (!exists)
          throw restError(401, '22023', `role "${auth.role}" does not exist`, null, null, {
            'WWW-Authenticate': 'Bearer',
          });
        throw restError(auth.authed ? 403 : 401, '42501', `permission denied to set role "${auth.role}"`);
      }
      checkAudience(auth, cache.roleSettings.get('authenticator')?.['pgrst.jwt_aud']);
      // PostgREST's db-pre-request (`pgrst.db_pre_request` of the authenticator role): called before the request's query
      const preRequest = cache.roleSettings.get('authenticator')?.['pgrst.db_pre_request'];
      if (preRequest) await tx.query(`select ${preRequest.split('.').map(ident).join('.')}()`);
      const end = txEnd(cache, parsePrefer(req.headers.prefer).tx);
      // a request that commits may send its last statement with COMMIT (db.ts commitWith); one that rolls back may not
      const out = await fn(end.rollback ? { ...tx, commitWith: undefined } : tx, cache);
      if (end.applied)
        out.headers['Preference-Applied'] = [out.headers['Preference-Applied'], `tx=${end.applied}`]
          .filter(Boolean)
          .join(', ');
      // As PostgREST before a rollback: deferred constraints are checked now, so their error is the answer
      // (a commit checks them itself and fails with their error)
      if (end.rollback && !readOnly) await tx.query('set constraints all immediate');
      // what a write without a representation left in response.headers/status (its triggers, the pre-request
      // function), read after it: on PostgreSQL in the same round trip as COMMIT, as PostgREST builds the answer
      // from them once its transaction has ended
      let gucs: Promise<QueryResult<GucRow>> | null = null;
      if (out.gucsAtEnd) {
        delete out.gucsAtEnd;
        gucs = !end.rollback && tx.atCommit ? tx.atCommit<GucRow>(GUCS_READ) : tx.query<GucRow>(GUCS_READ);
      }
      if (end.rollback) throw new Rollback(gucs ? withGucRow(out, await gucs) : out);
      return { out, gucs };
    });
    return gucs ? withGucRow(out, await gucs) : out;
  }

  return async (req, auth, schema, path, readOnly, fn) => {
    try {
      return await inTxOrRollback(req, auth, schema, path, readOnly, fn);
    } catch (e) {
      if (e instanceof Rollback) return e.outcome;
      throw e;
    }
  };
}
