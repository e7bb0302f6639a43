// Channels (Realtime's RealtimeChannel): `phx_join` with the caller's token and config (postgres_changes
// bindings, broadcast `self`, presence `key`), `access_token` pushes that refresh the claims, `phx_leave`,
// the channel closed when its token expires; other pushes are routed to broadcast and presence.
import crypto from 'node:crypto';
import type { StackContext } from '../context.ts';
import { verifyJwt, JwtError, type Claims } from '../jwt.ts';
import { handleBroadcast } from './broadcast.ts';
import { parseBindings, subscriptionStatus, type Binding, type PostgresChanges } from './postgres_changes/index.ts';
import { handlePresence, presenceLeave, presenceState } from './presence.ts';
import { isObj, type Frame, type InFrame } from './protocol.ts';
import type { Conn } from './socket.ts';

/** What every part of the realtime service shares. */
export interface Realtime {
  ctx: StackContext;
  secret: string;
  conns: Set<Conn>;
  changes: PostgresChanges;
  closed: boolean;
}

export interface Channel {
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

export function tokenError(e: unknown, claimsExp?: number): string {
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

export function closeChannel(rt: Realtime, ch: Channel, notify: boolean): void {
  if (ch.expiryTimer) clearTimeout(ch.expiryTimer);
  ch.expiryTimer = null;
  if (ch.conn.channels.get(ch.topic) === ch) ch.conn.channels.delete(ch.topic);
  presenceLeave(rt, ch);
  if (notify) ch.conn.send(ch.joinRef, ch.joinRef, ch.topic, 'phx_close', {});
}

function armExpiry(rt: Realtime, ch: Channel): void {
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
    closeChannel(rt, ch, true);
  }, ms);
  ch.expiryTimer.unref?.();
}

async function join(rt: Realtime, conn: Conn, f: Frame): Promise<void> {
  const token =
    typeof f.payload.access_token === 'string' && f.payload.access_token ? f.payload.access_token : conn.apikey;
  let claims: Claims;
  try {
    claims = verifyJwt(token, rt.secret);
  } catch (e) {
    conn.reply(f, 'error', { reason: tokenError(e, expOf(token)) });
    return;
  }
  const config = isObj(f.payload.config) ? f.payload.config : {};
  let parsed: ReturnType<typeof parseBindings>;
  try {
    parsed = parseBindings(config.postgres_changes);
  } catch (e) {
    conn.reply(f, 'error', { reason: e instanceof Error ? e.message : String(e) });
    return;
  }
  const { bindings, echoed } = parsed;
  const status = bindings.length ? await subscriptionStatus(rt.changes, bindings) : null;
  const existing = conn.channels.get(f.topic);
  if (existing) closeChannel(rt, existing, true);
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
  armExpiry(rt, ch);
  conn.reply(f, 'ok', { postgres_changes: echoed });
  if (status) conn.send(null, null, f.topic, 'system', { ...status, channel: f.topic.replace(/^realtime:/, '') });
  if (ch.presenceEnabled) conn.send(null, null, f.topic, 'presence_state', presenceState(rt, f.topic));
}

function accessToken(rt: Realtime, conn: Conn, ch: Channel, f: Frame): void {
  const token = f.payload.access_token;
  if (typeof token !== 'string' || !token || token === ch.token) return;
  try {
    ch.claims = verifyJwt(token, rt.secret);
    ch.token = token;
    armExpiry(rt, ch);
  } catch (e) {
    conn.send(null, null, ch.topic, 'system', {
      extension: 'system',
      status: 'error',
      message: tokenError(e, expOf(token)),
      channel: ch.topic.replace(/^realtime:/, ''),
    });
    closeChannel(rt, ch, true);
  }
}

/** One frame from a socket: heartbeats, joins, then pushes to a joined channel. */
export async function onFrame(rt: Realtime, conn: Conn, f: InFrame): Promise<void> {
  if (f.topic === 'phoenix') {
    if (f.event === 'heartbeat') conn.reply(f, 'ok', {});
    return;
  }
  if (f.event === 'phx_join') return join(rt, conn, f);
  const ch = conn.channels.get(f.topic);
  if (!ch) {
    if (f.event !== 'access_token') conn.reply(f, 'error', { reason: 'unmatched topic' });
    return;
  }
  switch (f.event) {
    case 'phx_leave':
      conn.reply(f, 'ok', {});
      closeChannel(rt, ch, true);
      return;
    case 'access_token':
      accessToken(rt, conn, ch, f);
      return;
    case 'presence':
      handlePresence(rt, ch, f);
      return;
    case 'broadcast':
      handleBroadcast(rt, conn, ch, f);
      return;
    default:
      if (f.ref) conn.reply(f, 'ok', {});
  }
}
