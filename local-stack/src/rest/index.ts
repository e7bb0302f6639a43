// The REST service of the local stack: PostgREST v14 behaviour under /rest/v1, as postgrest-js
// (supabase-js) calls it. Shaped as PostgREST's pipeline (PostgREST.App): the request is authenticated
// (auth.ts) and parsed (api-request/), planned against the schema cache (plan/), run in one
// transaction impersonating the JWT's role (query/), and answered (response.ts). See README.md.
import type { StackContext } from '../context.ts';
import { endBody, type Req, type Res } from '../http/router.ts';
import { callApiRequest, tableApiRequest } from './api-request/index.ts';
import { authenticate, type Auth } from './auth.ts';
import { fromPgError, isPgError, restError, RestError } from './errors.ts';
import {
  callPlan,
  callRead,
  lookupTable,
  mutatePlan,
  planContext,
  representPlan,
  tableReadPlan,
  wherePlan,
} from './plan/index.ts';
import { checkPlanMedia, isDefaultSelect, negotiateMedia } from './plan/negotiate.ts';
import { invokeQuery, mutateQuery, readQuery } from './query/index.ts';
import { builderEnv } from './query/query-builder.ts';
import { transactor } from './query/transaction.ts';
import type { Headers, Outcome } from './response.ts';
import { SchemaCacheManager } from './schema-cache/index.ts';

export { settingMs } from './query/transaction.ts';

/**
 * Header values as the bytes of their UTF-8 text, as PostgREST sends them (a `Content-Profile` naming a
 * schema such as `địa_điểm`, a header set by SQL): Node writes a string's characters as Latin-1 bytes and
 * refuses characters beyond it, so a value with any is passed as its UTF-8 bytes read as Latin-1.
 */
function headerBytes(headers: Headers): Headers {
  const wide = (v: string) => /[\u0100-\uffff]/.test(v);
  const latin1 = (v: string) => (wide(v) ? Buffer.from(v, 'utf8').toString('latin1') : v);
  let out = headers;
  for (const [k, v] of Object.entries(headers))
    if (Array.isArray(v) ? v.some(wide) : wide(v)) {
      if (out === headers) out = { ...headers };
      out[k] = Array.isArray(v) ? v.map(latin1) : latin1(v);
    }
  return out;
}

export function registerRest(ctx: StackContext): void {
  const cacheMgr = new SchemaCacheManager(ctx.db, ctx.config.api.schemas, ctx.log);
  const secret = ctx.config.auth.jwtSecret;
  const inTx = transactor(ctx, cacheMgr);
  /** The request's identity, worked out once (the wrapper asks for it too, to know whether to log it). */
  const identities = new WeakMap<Req, { auth: Auth } | { error: unknown }>();
  const authOf = (req: Req): Auth => {
    let known = identities.get(req);
    if (!known) {
      try {
        known = { auth: authenticate(req, secret, ctx.config.api.anonRole) };
      } catch (error) {
        known = { error };
      }
      identities.set(req, known);
    }
    if ('error' in known) throw known.error;
    return known.auth;
  };

  /** `/rest/v1/:table`: read (GET/HEAD) or mutate (POST/PATCH/DELETE). */
  async function tableRequest(req: Req): Promise<Outcome> {
    const auth = authOf(req);
    const api = await tableApiRequest(req, ctx.config.api.schemas);
    return inTx(req, auth, api.schema, api.path, api.read, async (tx, cache) => {
      const table = lookupTable(cache, api.schema, api.name);
      api.media = negotiateMedia(cache, api.media, api.schema, table.name, isDefaultSelect(api.query!.select));
      checkPlanMedia(cache, api.media);
      // plan (PostgREST's Plan), then run what the plans say (Query)
      const plans = planContext(cache, api.schema, api.query!.nodes);
      const env = builderEnv(cache, api.media);
      if (api.read)
        return readQuery(
          tx,
          env,
          tableReadPlan(plans, table, api, ctx.config.api.maxRows),
          api,
          ctx.config.api.maxRows,
        );
      const write = mutatePlan(cache, table, api);
      return mutateQuery(tx, env, api, write, wherePlan(plans, table), representPlan(plans, table, api));
    });
  }

  /** `/rest/v1/rpc/:fn`: a function call (GET read-only, POST). */
  async function rpcRequest(req: Req): Promise<Outcome> {
    // PostgREST: a call is GET, HEAD or POST; other methods 405 PGRST101
    if (!['GET', 'HEAD', 'POST'].includes(req.method ?? ''))
      throw restError(405, 'PGRST101', `Cannot use the ${req.method} method on RPC`);
    const auth = authOf(req);
    const api = await callApiRequest(req, ctx.config.api.schemas);
    return inTx(req, auth, api.schema, api.path, api.read, async (tx, cache) => {
      const plan = callPlan(cache, api);
      const rel = plan.routine.returnTable?.name ?? plan.routine.name;
      api.media = negotiateMedia(cache, api.media, api.schema, rel, isDefaultSelect(plan.query.select));
      checkPlanMedia(cache, api.media);
      const rows = callRead(planContext(cache, api.schema, plan.query.nodes), plan, api, ctx.config.api.maxRows);
      return invokeQuery(tx, builderEnv(cache, api.media), api, plan, rows, ctx.config.api.maxRows);
    });
  }

  const wrap = (fn: (req: Req) => Promise<Outcome>) => async (req: Req, res: Res) => {
    let authed = false;
    try {
      try {
        authed = authOf(req).authed;
      } catch {
        authed = false;
      }
      // Postgres text cannot hold NUL: refuse it before it reaches the database protocol
      if (/%00/i.test(req.url ?? '') || (req.url ?? '').includes('\u0000'))
        throw restError(400, 'PGRST100', 'failed to parse request', 'NUL characters are not allowed in the URL');
      const out = await fn(req);
      // PostgREST names the schema only when it was negotiated: a profile header, or several schemas exposed
      const profiled =
        req.headers[req.method === 'GET' || req.method === 'HEAD' ? 'accept-profile' : 'content-profile'];
      if (ctx.config.api.schemas.length === 1 && profiled === undefined) delete out.headers['Content-Profile'];
      endBody(
        req,
        res,
        out.status,
        headerBytes(out.headers),
        out.status === 204 || req.method === 'HEAD' ? undefined : (out.body ?? ''),
      );
    } catch (e) {
      let err: RestError;
      if (e instanceof RestError) err = e;
      else if (isPgError(e)) err = fromPgError(e, authed);
      else throw e;
      const body = JSON.stringify(err.body);
      res.writeHead(err.status, {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Length': String(Buffer.byteLength(body)),
        'Proxy-Status': `PostgREST; error=${err.body.code}`,
        ...headerBytes(err.headers),
      });
      res.end(req.method === 'HEAD' ? undefined : Buffer.from(body));
    }
  };

  ctx.router.add(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'], '/rest/v1/rpc/:fn', wrap(rpcRequest));
  ctx.router.add(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'], '/rest/v1/:table', wrap(tableRequest));
  ctx.router.add('GET', '/rest/v1', (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/openapi+json; charset=utf-8' });
    res.end(JSON.stringify({ swagger: '2.0', info: { title: 'Guestmap local REST', version: '14' }, paths: {} }));
  });
}
