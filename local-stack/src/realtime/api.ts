// Broadcast over REST (Realtime's BroadcastController and BroadcastSingleController, behind AuthTenant):
// - `POST /realtime/v1/api/broadcast` `{messages: [{topic, event, payload, private?, id?}]}`: what realtime-js's
//   `send()` falls back to when the channel is not joined. 202 once validated; a private message is delivered
//   only when its topic's INSERT policies let the caller write (else dropped, still 202, as hosted).
// - `POST /realtime/v1/api/broadcast/:topic/events/:event[?private=true]` with the payload as the body (JSON or
//   octet-stream): realtime-js's `httpSend()`. 202; 403 `{"message":"Unauthorized"}` on a private topic the
//   caller may not write.
// The token is the `Authorization: Bearer` JWT, else the `apikey` header; none or an invalid one is 401.
import { HttpError, readBody, type Req, type Res } from '../http/router.ts';
import { verifyJwt, type Claims } from '../jwt.ts';
import { AuthorizationUnavailable, PolicyError, writePolicies } from './authorization.ts';
import { sendJsonBroadcast, sendUserBroadcast } from './broadcast.ts';
import type { Realtime } from './channels.ts';
import { isObj } from './protocol.ts';

const BASE = '/realtime/v1/api/broadcast';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const unauthorized = () => new HttpError(401, { message: 'Unauthorized' });

function claimsOf(req: Req, secret: string): Claims {
  const h = req.headers.authorization;
  let token: string | undefined;
  if (h) {
    const [scheme, value] = h.split(' ');
    if (scheme?.toLowerCase() === 'bearer' && value) token = value;
  }
  if (!token) {
    const k = req.headers.apikey;
    token = (Array.isArray(k) ? k[0] : k) || undefined;
  }
  if (!token) throw unauthorized();
  try {
    return verifyJwt(token, secret);
  } catch {
    throw unauthorized();
  }
}

function accepted(res: Res): void {
  res.writeHead(202);
  res.end();
}

const mediaType = (req: Req) =>
  String(req.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase();

function parseJson(buf: Buffer): unknown {
  try {
    return JSON.parse(buf.toString('utf8'));
  } catch {
    throw new HttpError(400, { message: 'Malformed JSON body' });
  }
}

interface BatchMessage {
  topic: string;
  event: string;
  payload: Record<string, unknown>;
  private: boolean;
  id?: string;
}

/** Ecto's casting of the batch: per message, the fields in error ("can't be blank", "is invalid"). */
function validateBatch(body: unknown): BatchMessage[] {
  const list = isObj(body) ? body.messages : undefined;
  if (list === undefined || list === null || (Array.isArray(list) && list.length === 0))
    throw new HttpError(422, { errors: { messages: ["can't be blank"] } });
  if (!Array.isArray(list)) throw new HttpError(422, { errors: { messages: ['is invalid'] } });
  const out: BatchMessage[] = [];
  const errors: Record<string, string[]>[] = [];
  let bad = false;
  for (const m of list) {
    const e: Record<string, string[]> = {};
    if (!isObj(m)) {
      errors.push({ messages: ['is invalid'] });
      bad = true;
      continue;
    }
    const text = (k: string) => {
      const v = m[k];
      if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) e[k] = ["can't be blank"];
      else if (typeof v !== 'string') e[k] = ['is invalid'];
    };
    text('topic');
    text('event');
    if (m.payload === undefined || m.payload === null) e.payload = ["can't be blank"];
    else if (!isObj(m.payload)) e.payload = ['is invalid'];
    const priv = m.private === undefined || m.private === null ? false : m.private;
    if (typeof priv !== 'boolean' && priv !== 'true' && priv !== 'false') e.private = ['is invalid'];
    if (m.id !== undefined && m.id !== null && (typeof m.id !== 'string' || !UUID.test(m.id))) e.id = ['is invalid'];
    errors.push(e);
    if (Object.keys(e).length) {
      bad = true;
      continue;
    }
    out.push({
      topic: m.topic as string,
      event: m.event as string,
      payload: m.payload as Record<string, unknown>,
      private: priv === true || priv === 'true',
      ...(typeof m.id === 'string' ? { id: m.id } : {}),
    });
  }
  if (bad) throw new HttpError(422, { errors: { messages: errors } });
  return out;
}

export function registerBroadcastApi(rt: Realtime): void {
  const { ctx } = rt;

  ctx.router.add('POST', BASE, async (req, res) => {
    const claims = claimsOf(req, rt.secret);
    const messages = validateBatch(parseJson(await readBody(req)));
    const json = (m: BatchMessage) => ({
      payload: m.payload,
      event: m.event,
      type: 'broadcast',
      ...(m.id ? { meta: { id: m.id } } : {}),
    });
    for (const m of messages) if (!m.private) sendJsonBroadcast(rt, `realtime:${m.topic}`, false, json(m));
    const byTopic = new Map<string, BatchMessage[]>();
    for (const m of messages) if (m.private) byTopic.set(m.topic, [...(byTopic.get(m.topic) ?? []), m]);
    for (const [topic, list] of byTopic) {
      const write = await writePolicies(ctx.db, topic, claims).then(
        (p) => p.broadcast.write === true,
        (e: unknown) => {
          if (!(e instanceof PolicyError || e instanceof AuthorizationUnavailable)) throw e;
          return false;
        },
      );
      // Not allowed: dropped, the answer stays 202 (as hosted).
      if (write) for (const m of list) sendJsonBroadcast(rt, `realtime:${topic}`, true, json(m));
    }
    accepted(res);
  });

  ctx.router.add('POST', `${BASE}/:topic/events/:event`, async (req, res) => {
    const type = mediaType(req);
    if (type && type !== 'application/json' && type !== 'application/octet-stream')
      throw new HttpError(415, { error: 'Unsupported Media Type. Use application/json or application/octet-stream' });
    const claims = claimsOf(req, rt.secret);
    const body = await readBody(req);
    const { topic, event } = req.params as { topic: string; event: string };
    const isPrivate = req.query.get('private') === 'true';
    let msg: { event: string; json?: string; binary?: Buffer };
    if (type === 'application/octet-stream') {
      msg = { event, binary: body };
    } else {
      // As Phoenix parses it: no JSON content type reads no body; a JSON value that is not an object is `_json`.
      const parsed = type === 'application/json' && body.length ? parseJson(body) : {};
      msg = { event, json: JSON.stringify(isObj(parsed) ? parsed : { _json: parsed }) };
    }
    if (isPrivate) {
      let write: boolean;
      try {
        write = (await writePolicies(ctx.db, topic, claims)).broadcast.write === true;
      } catch (e) {
        if (e instanceof PolicyError) throw new HttpError(422, { message: 'RLS policy error' });
        if (e instanceof AuthorizationUnavailable) throw new HttpError(422, { message: 'Tenant database unavailable' });
        throw e;
      }
      if (!write) throw new HttpError(403, { message: 'Unauthorized' });
    }
    sendUserBroadcast(rt, `realtime:${topic}`, isPrivate, msg);
    accepted(res);
  });
}
