// Realtime (postgres_changes) on the API server's WebSocket upgrade at /realtime/v1/websocket:
// the Phoenix channel protocol as realtime-js speaks it (vsn 2.0.0 array frames, vsn 1.0.0 object
// frames), with changes captured by triggers (capture.ts) and delivered only to subscribers whose
// role and claims may SELECT the row now (checked in a read-only transaction as that role).
import crypto from 'node:crypto';
import type http from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, WebSocket } from 'ws';
import type { StackContext } from '../context.ts';
import { verifyJwt, JwtError, type Claims } from '../jwt.ts';
import {
  drainChanges,
  installCapture,
  NOTIFY_CHANNEL,
  quoteIdent,
  syncTriggers,
  type CapturedChange,
} from './capture.ts';
import { matchesFilter, parseFilter, type ParsedFilter } from './filter.ts';

const WS_PATHS = new Set(['/realtime/v1/websocket', '/realtime/v1/websocket/']);
const EVENTS = new Set(['*', 'INSERT', 'UPDATE', 'DELETE']);
const ROLES = new Set(['anon', 'authenticated', 'service_role']);

interface Binding {
  id: number;
  event: string;
  schema: string;
  table?: string;
  filter: ParsedFilter | null;
  active: boolean;
}

interface Channel {
  topic: string;
  joinRef: string | null;
  conn: Conn;
  bindings: Binding[];
  token: string;
  claims: Claims;
  expiryTimer: NodeJS.Timeout | null;
  broadcastSelf: boolean;
  presenceEnabled: boolean;
  presenceKey: string;
  presenceMeta: Record<string, unknown> | null;
}

type Frame = {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: Record<string, unknown>;
};

class Conn {
  readonly channels = new Map<string, Channel>();
  constructor(
    readonly ws: WebSocket,
    readonly vsn2: boolean,
    readonly apikey: string,
  ) {}

  send(joinRef: string | null, ref: string | null, topic: string, event: string, payload: unknown): void {
    if (this.ws.readyState !== WebSocket.OPEN) return;
    const frame = this.vsn2 ? [joinRef, ref, topic, event, payload] : { join_ref: joinRef, ref, topic, event, payload };
    this.ws.send(JSON.stringify(frame));
  }

  reply(f: Frame, status: 'ok' | 'error', response: unknown): void {
    this.send(f.joinRef, f.ref, f.topic, 'phx_reply', { status, response });
  }
}

let nextBindingId = 1;

function decodeFrame(data: string): Frame | null {
  let v: unknown;
  try {
    v = JSON.parse(data);
  } catch {
    return null;
  }
  const str = (x: unknown) => (x === null || x === undefined ? null : String(x));
  if (Array.isArray(v) && v.length === 5) {
    const [joinRef, ref, topic, event, payload] = v as unknown[];
    if (typeof topic !== 'string' || typeof event !== 'string') return null;
    return { joinRef: str(joinRef), ref: str(ref), topic, event, payload: isObj(payload) ? payload : {} };
  }
  if (isObj(v) && typeof v.topic === 'string' && typeof v.event === 'string') {
    return {
      joinRef: str(v.join_ref),
      ref: str(v.ref),
      topic: v.topic,
      event: v.event,
      payload: isObj(v.payload) ? v.payload : {},
    };
  }
  return null;
}

/**
 * realtime-js 2.x sends user broadcasts as binary frames: kind 3, then the byte lengths of join_ref,
 * ref, topic, event and metadata, the payload encoding (0 binary, 1 JSON), the strings, the payload.
 */
function decodeBinaryPush(buf: Buffer): (Frame & { binary?: Buffer }) | null {
  if (buf.length < 7 || buf[0] !== 3) return null;
  const [joinRefLen, refLen, topicLen, eventLen, metaLen, encoding] = [
    buf[1]!,
    buf[2]!,
    buf[3]!,
    buf[4]!,
    buf[5]!,
    buf[6]!,
  ];
  let off = 7;
  const take = (n: number) => {
    const out = buf.subarray(off, off + n).toString('utf8');
    off += n;
    return out;
  };
  const joinRef = take(joinRefLen);
  const ref = take(refLen);
  const topic = take(topicLen);
  const event = take(eventLen);
  const meta = take(metaLen);
  if (off > buf.length) return null;
  const body = buf.subarray(off);
  let payload: unknown;
  if (encoding === 1) {
    try {
      payload = JSON.parse(body.toString('utf8'));
    } catch {
      return null;
    }
  }
  const data: Record<string, unknown> = { type: 'broadcast', event, payload: payload ?? null };
  if (meta) {
    try {
      data.meta = JSON.parse(meta);
    } catch {
      /* metadata is optional */
    }
  }
  return {
    joinRef: joinRef || null,
    ref: ref || null,
    topic,
    event: 'broadcast',
    payload: data,
    binary: encoding === 1 ? undefined : Buffer.from(body),
  };
}

/** Server-to-client binary broadcast (kind 4): lengths of topic, event, metadata, the encoding, then the bytes. */
function encodeBinaryBroadcast(topic: string, event: string, payload: Buffer): Buffer {
  const t = Buffer.from(topic);
  const e = Buffer.from(event);
  return Buffer.concat([Buffer.from([4, t.length, e.length, 0, 0]), t, e, payload]);
}

function isObj(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

function tokenError(e: unknown, claimsExp?: number): string {
  if (e instanceof JwtError && e.reason === 'expired') {
    const ago = claimsExp ? Math.max(0, Math.floor(Date.now() / 1000) - claimsExp) : 0;
    return `Token has expired ${ago} seconds ago`;
  }
  return e instanceof Error ? `Invalid JWT: ${e.message}` : 'Invalid JWT';
}

function expOf(token: string): number | undefined {
  try {
    const body = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp?: unknown };
    return typeof body.exp === 'number' ? body.exp : undefined;
  } catch {
    return undefined;
  }
}

export function attachRealtime(ctx: StackContext, server: http.Server): void {
  const secret = ctx.config.auth.jwtSecret;
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  const conns = new Set<Conn>();
  let closed = false;
  let unlisten: (() => Promise<void>) | null = null;
  let poller: NodeJS.Timeout | null = null;

  // ─── capture & dispatch ───────────────────────────────────────────────────────
  let draining = false;
  let drainAgain = false;
  let idle: Promise<void> = Promise.resolve();
  // Published tables as of the last sync; changes of tables that left the publication are dropped.
  let published = new Set<string>();
  let lastSync = 0;
  const sync = async () => {
    published = await syncTriggers(ctx.db);
    lastSync = Date.now();
    return published;
  };

  const ready = (async () => {
    await installCapture(ctx.db);
    await ctx.db.exec('delete from _realtime.changes');
    await sync();
    unlisten = await ctx.db.listen(NOTIFY_CHANNEL, () => scheduleDrain());
    // On PGlite, writes that arrive through the wire-protocol port (psql, pg clients) do not raise
    // NOTIFY callbacks in-process: look at the queue now and then while anyone is subscribed.
    if (ctx.db.kind === 'pglite') {
      poller = setInterval(() => {
        // Not while a wire client holds a transaction open on the single PGlite session.
        if (ctx.db.pglite?.isInTransaction()) return;
        if (!draining && [...conns].some((c) => c.channels.size > 0)) scheduleDrain();
      }, 300);
      poller.unref?.();
    }
  })();
  ready.catch((e) => ctx.log(`[realtime] failed to start: ${e instanceof Error ? e.message : String(e)}`));

  function scheduleDrain(): void {
    if (closed) return;
    if (draining) {
      drainAgain = true;
      return;
    }
    draining = true;
    idle = (async () => {
      try {
        do {
          drainAgain = false;
          for (;;) {
            const batch = await drainChanges(ctx.db);
            if (batch.length && Date.now() - lastSync > 2000) await sync();
            for (const change of batch) {
              if (published.has(`${change.schema_name}.${change.table_name}`)) await dispatch(change);
            }
            if (batch.length === 0 || closed) break;
          }
        } while (drainAgain && !closed);
      } catch (e) {
        if (!closed) ctx.log(`[realtime] dispatch failed: ${e instanceof Error ? e.message : String(e)}`);
      } finally {
        draining = false;
      }
    })();
  }

  async function dispatch(change: CapturedChange): Promise<void> {
    // A filter sees no more of the row than a subscriber is sent (issue #26): for DELETE that is the
    // old record hosted Realtime carries, the primary key only unless the table has REPLICA IDENTITY
    // FULL and no RLS. A filter on another column (an e-mail, say) never matches a DELETE, so it
    // cannot tell whether a deleted row held a value. Column privileges are applied per subscriber
    // once its payload is known (below).
    const filterRow = change.op === 'DELETE' ? keyOnlyUnlessFull(change) : change.record;
    // Subscribers with the same claims (every anon visitor, say) share one check per change.
    const checked = new Map<string, Promise<Record<string, unknown> | null>>();
    for (const conn of conns) {
      for (const ch of conn.channels.values()) {
        const ids = ch.bindings
          .filter(
            (b) =>
              b.active &&
              (b.event === '*' || b.event === change.op) &&
              (b.schema === '*' || b.schema === change.schema_name) &&
              (b.table === undefined || b.table === '*' || b.table === change.table_name) &&
              matchesFilter(b.filter, filterRow),
          )
          .map((b) => b.id);
        if (ids.length === 0) continue;
        const claimsKey = JSON.stringify(ch.claims);
        let pending = checked.get(claimsKey);
        if (!pending) {
          pending = authorise(ch, change).catch(() => null);
          checked.set(claimsKey, pending);
        }
        const data = await pending;
        // The channel may have closed (token expiry, leave) while we were checking.
        if (!data || conn.channels.get(ch.topic) !== ch) continue;
        // Again on what this subscriber receives: a filter on a column its role may not select
        // (absent from the payload) never matches.
        const sent = (change.op === 'DELETE' ? data.old_record : data.record) as Record<string, unknown> | undefined;
        const visibleIds = ch.bindings
          .filter((b) => ids.includes(b.id) && matchesFilter(b.filter, sent ?? null))
          .map((b) => b.id);
        if (visibleIds.length === 0) continue;
        conn.send(null, null, ch.topic, 'postgres_changes', { ids: visibleIds, data });
      }
    }
  }

  /** The old record a DELETE carries before column privileges: the key, or the whole row (FULL, no RLS). */
  function keyOnlyUnlessFull(change: CapturedChange): Record<string, unknown> | null {
    const old = change.old_record;
    if (!old || (change.identity_full && !change.rls)) return old;
    const key: Record<string, unknown> = {};
    for (const c of change.pk) if (c in old) key[c] = old[c];
    return key;
  }

  /** The change as this subscriber may see it, or null when its role and claims may not. */
  async function authorise(ch: Channel, change: CapturedChange): Promise<Record<string, unknown> | null> {
    const role = typeof ch.claims.role === 'string' && ROLES.has(ch.claims.role) ? ch.claims.role : null;
    if (!role) return null;
    const table = `${quoteIdent(change.schema_name)}.${quoteIdent(change.table_name)}`;
    const colNames = change.columns.map((c) => c.name);
    return ctx.db.transaction(
      async (tx) => {
        await tx.query("select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)", [
          role,
          JSON.stringify(ch.claims),
        ]);
        const { rows: privRows } = await tx.query<{ cols: string[] }>(
          "select array(select c from unnest($1::text[]) c where has_column_privilege($2::oid, c, 'SELECT')) as cols",
          [colNames, change.relid],
        );
        const allowed = new Set(privRows[0]?.cols ?? []);
        if (allowed.size === 0) return null;
        // As hosted: the row check runs for RLS tables only (privileges alone decide otherwise).
        if (change.op !== 'DELETE' && change.rls) {
          const keyCols = change.pk.length ? change.pk : colNames;
          const where = change.pk.length
            ? keyCols.map((c) => `x.${quoteIdent(c)} is not distinct from r.${quoteIdent(c)}`).join(' and ')
            : 'to_jsonb(x) = $1::jsonb';
          const { rows } = await tx.query(
            `select 1 as ok from ${table} x, jsonb_populate_record(null::${table}, $1::jsonb) r where ${where} limit 1`,
            [JSON.stringify(change.record)],
          );
          if (rows.length === 0) return null;
        }
        const pick = (rec: Record<string, unknown> | null, cols: string[]) => {
          const out: Record<string, unknown> = {};
          for (const c of cols) if (rec && c in rec && allowed.has(c)) out[c] = rec[c];
          return out;
        };
        const visibleCols = colNames.filter((c) => allowed.has(c));
        const data: Record<string, unknown> = {
          schema: change.schema_name,
          table: change.table_name,
          commit_timestamp: change.commit_timestamp,
          type: change.op,
          columns: change.columns.filter((c) => allowed.has(c.name)),
        };
        if (change.op !== 'DELETE') data.record = pick(change.record, visibleCols);
        // Old values: only what the replica identity would carry; with RLS only the primary key
        // (the row can no longer be checked), as hosted Realtime does.
        if (change.op === 'DELETE' || (change.op === 'UPDATE' && change.identity_full)) {
          const full = change.identity_full && !change.rls;
          data.old_record = pick(change.old_record, full ? visibleCols : change.pk);
        }
        data.errors = null;
        return data;
      },
      { readOnly: true },
    );
  }

  // ─── channels ─────────────────────────────────────────────────────────────────
  function closeChannel(ch: Channel, notify: boolean): void {
    if (ch.expiryTimer) clearTimeout(ch.expiryTimer);
    ch.expiryTimer = null;
    if (ch.conn.channels.get(ch.topic) === ch) ch.conn.channels.delete(ch.topic);
    if (ch.presenceMeta) {
      const left = ch.presenceMeta;
      ch.presenceMeta = null;
      presenceDiff(ch.topic, {}, { [ch.presenceKey]: { metas: [left] } });
    }
    if (notify) ch.conn.send(ch.joinRef, ch.joinRef, ch.topic, 'phx_close', {});
  }

  // ─── presence (Phoenix Presence shapes: presence_state, presence_diff) ─────────
  function* topicChannels(topic: string): Generator<Channel> {
    for (const c of conns) {
      const ch = c.channels.get(topic);
      if (ch) yield ch;
    }
  }

  function presenceState(topic: string): Record<string, { metas: Record<string, unknown>[] }> {
    const state: Record<string, { metas: Record<string, unknown>[] }> = {};
    for (const ch of topicChannels(topic)) {
      if (ch.presenceMeta) (state[ch.presenceKey] ??= { metas: [] }).metas.push(ch.presenceMeta);
    }
    return state;
  }

  function presenceDiff(topic: string, joins: Record<string, unknown>, leaves: Record<string, unknown>): void {
    for (const ch of topicChannels(topic)) {
      if (ch.presenceEnabled) ch.conn.send(null, null, topic, 'presence_diff', { joins, leaves });
    }
  }

  function presence(ch: Channel, f: Frame): void {
    const old = ch.presenceMeta;
    if (f.payload.event === 'track') {
      const meta = {
        ...(isObj(f.payload.payload) ? f.payload.payload : {}),
        phx_ref: crypto.randomBytes(8).toString('base64url'),
      };
      ch.presenceMeta = meta;
      presenceDiff(
        ch.topic,
        { [ch.presenceKey]: { metas: [meta] } },
        old ? { [ch.presenceKey]: { metas: [old] } } : {},
      );
    } else if (f.payload.event === 'untrack' && old) {
      ch.presenceMeta = null;
      presenceDiff(ch.topic, {}, { [ch.presenceKey]: { metas: [old] } });
    }
    if (f.ref) ch.conn.reply(f, 'ok', {});
  }

  function armExpiry(ch: Channel): void {
    if (ch.expiryTimer) clearTimeout(ch.expiryTimer);
    ch.expiryTimer = null;
    const exp = ch.claims.exp;
    if (typeof exp !== 'number') return;
    const ms = Math.min(2 ** 31 - 1, Math.max(0, exp * 1000 - Date.now()));
    ch.expiryTimer = setTimeout(() => {
      ch.conn.send(null, null, ch.topic, 'system', {
        extension: 'system',
        status: 'error',
        message: tokenError(new JwtError('expired', 'JWT expired'), exp),
        channel: ch.topic.replace(/^realtime:/, ''),
      });
      closeChannel(ch, true);
    }, ms);
    ch.expiryTimer.unref?.();
  }

  async function join(conn: Conn, f: Frame): Promise<void> {
    const token =
      typeof f.payload.access_token === 'string' && f.payload.access_token ? f.payload.access_token : conn.apikey;
    let claims: Claims;
    try {
      claims = verifyJwt(token, secret);
    } catch (e) {
      conn.reply(f, 'error', { reason: tokenError(e, expOf(token)) });
      return;
    }
    const config = isObj(f.payload.config) ? f.payload.config : {};
    const requested = Array.isArray(config.postgres_changes) ? config.postgres_changes : [];
    const bindings: Binding[] = [];
    const echoed: Record<string, unknown>[] = [];
    try {
      for (const r of requested) {
        if (!isObj(r)) throw new Error('Invalid postgres_changes parameters');
        const event = typeof r.event === 'string' ? r.event.toUpperCase() : '';
        if (!EVENTS.has(event)) throw new Error(`Invalid event: ${String(r.event)}`);
        const schema = typeof r.schema === 'string' && r.schema ? r.schema : 'public';
        const table = typeof r.table === 'string' && r.table ? r.table : undefined;
        const filterStr = typeof r.filter === 'string' ? r.filter : undefined;
        const binding: Binding = {
          id: nextBindingId++,
          event,
          schema,
          table,
          filter: parseFilter(filterStr),
          active: true,
        };
        bindings.push(binding);
        // Same fields as requested (realtime-js compares them), plus the id.
        echoed.push({ ...r, id: binding.id });
      }
    } catch (e) {
      conn.reply(f, 'error', { reason: e instanceof Error ? e.message : String(e) });
      return;
    }
    if (bindings.length) await sync();
    const unknown = bindings.filter(
      (b) =>
        !(b.table === undefined || b.table === '*'
          ? [...published].some((t) => b.schema === '*' || t.startsWith(`${b.schema}.`))
          : [...published].some(
              (t) => t === `${b.schema}.${b.table}` || (b.schema === '*' && t.endsWith(`.${b.table}`)),
            )),
    );
    const existing = conn.channels.get(f.topic);
    if (existing) closeChannel(existing, true);
    const presenceCfg = isObj(config.presence) ? config.presence : {};
    const ch: Channel = {
      topic: f.topic,
      joinRef: f.joinRef ?? f.ref,
      conn,
      bindings,
      token,
      claims,
      expiryTimer: null,
      broadcastSelf: isObj(config.broadcast) && config.broadcast.self === true,
      presenceEnabled: presenceCfg.enabled === true,
      presenceKey: typeof presenceCfg.key === 'string' && presenceCfg.key ? presenceCfg.key : crypto.randomUUID(),
      presenceMeta: null,
    };
    conn.channels.set(f.topic, ch);
    armExpiry(ch);
    conn.reply(f, 'ok', { postgres_changes: echoed });
    const channelName = f.topic.replace(/^realtime:/, '');
    if (bindings.length) {
      if (unknown.length) {
        conn.send(null, null, f.topic, 'system', {
          extension: 'postgres_changes',
          status: 'error',
          message: `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: [${unknown
            .map((b) => `event: ${b.event}, schema: ${b.schema}, table: ${b.table ?? '*'}`)
            .join('; ')}]`,
          channel: channelName,
        });
      } else {
        conn.send(null, null, f.topic, 'system', {
          extension: 'postgres_changes',
          status: 'ok',
          message: 'Subscribed to PostgreSQL',
          channel: channelName,
        });
      }
    }
    if (ch.presenceEnabled) conn.send(null, null, f.topic, 'presence_state', presenceState(f.topic));
  }

  function accessToken(conn: Conn, ch: Channel, f: Frame): void {
    const token = f.payload.access_token;
    if (typeof token !== 'string' || !token || token === ch.token) return;
    try {
      ch.claims = verifyJwt(token, secret);
      ch.token = token;
      armExpiry(ch);
    } catch (e) {
      conn.send(null, null, ch.topic, 'system', {
        extension: 'system',
        status: 'error',
        message: tokenError(e, expOf(token)),
        channel: ch.topic.replace(/^realtime:/, ''),
      });
      closeChannel(ch, true);
    }
  }

  async function onFrame(conn: Conn, f: Frame & { binary?: Buffer }): Promise<void> {
    if (f.topic === 'phoenix') {
      if (f.event === 'heartbeat') conn.reply(f, 'ok', {});
      return;
    }
    if (f.event === 'phx_join') return join(conn, f);
    const ch = conn.channels.get(f.topic);
    if (!ch) {
      if (f.event !== 'access_token') conn.reply(f, 'error', { reason: 'unmatched topic' });
      return;
    }
    switch (f.event) {
      case 'phx_leave':
        conn.reply(f, 'ok', {});
        closeChannel(ch, true);
        return;
      case 'access_token':
        accessToken(conn, ch, f);
        return;
      case 'presence':
        presence(ch, f);
        return;
      case 'broadcast': {
        // JSON broadcasts (vsn 1.0.0 or explicit JSON frames) fan out to the topic's other sockets.
        const event = typeof f.payload.event === 'string' ? f.payload.event : '';
        for (const other of conns) {
          const och = other.channels.get(f.topic);
          if (!och || (other === conn && !ch.broadcastSelf)) continue;
          if (f.binary && other.vsn2) {
            if (other.ws.readyState === WebSocket.OPEN) other.ws.send(encodeBinaryBroadcast(f.topic, event, f.binary));
          } else if (!f.binary) {
            other.send(null, null, f.topic, 'broadcast', f.payload);
          }
        }
        if (f.ref) conn.reply(f, 'ok', {});
        return;
      }
      default:
        if (f.ref) conn.reply(f, 'ok', {});
    }
  }

  // ─── the socket ───────────────────────────────────────────────────────────────
  server.on('upgrade', (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://local');
    if (!WS_PATHS.has(url.pathname)) {
      if (server.listenerCount('upgrade') === 1) socket.destroy();
      return;
    }
    const apikey = url.searchParams.get('apikey') ?? String(req.headers.apikey ?? '');
    try {
      const claims = verifyJwt(apikey, secret);
      if (typeof claims.role !== 'string' || !ROLES.has(claims.role)) throw new Error('role');
    } catch {
      socket.end('HTTP/1.1 403 Forbidden\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\nInvalid apikey');
      return;
    }
    const vsn2 = url.searchParams.get('vsn') === '2.0.0';
    ready.then(
      () => {
        if (closed) return socket.destroy();
        wss.handleUpgrade(req, socket, head, (ws) => {
          const conn = new Conn(ws, vsn2, apikey);
          conns.add(conn);
          let queue = Promise.resolve();
          ws.on('message', (data, isBinary) => {
            const f = isBinary
              ? decodeBinaryPush(
                  Buffer.isBuffer(data) ? data : Buffer.concat(Array.isArray(data) ? data : [Buffer.from(data)]),
                )
              : decodeFrame(String(data));
            if (!f) return;
            // Frames of one socket are handled in order (a join finishes before the next push).
            queue = queue
              .then(() => onFrame(conn, f))
              .catch((e) => ctx.log(`[realtime] ${e instanceof Error ? e.message : String(e)}`));
          });
          ws.on('close', () => {
            conns.delete(conn);
            for (const ch of [...conn.channels.values()]) closeChannel(ch, false);
          });
          ws.on('error', () => undefined);
        });
      },
      () => socket.destroy(),
    );
  });

  ctx.onClose(async () => {
    closed = true;
    if (poller) clearInterval(poller);
    for (const conn of conns) conn.ws.terminate();
    conns.clear();
    wss.close();
    await ready.catch(() => undefined);
    await idle.catch(() => undefined);
    await unlisten?.();
  });
}
