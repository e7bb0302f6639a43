// Channels (Realtime's RealtimeChannel): `phx_join` with the caller's token and config (postgres_changes
// bindings, broadcast `self`, presence `key`, `private`), `access_token` pushes that refresh the claims,
// `phx_leave`, the channel closed when its token expires; other pushes are routed to broadcast and presence.
// A private channel is joined only when RLS on realtime.messages lets the user read its topic
// (authorization.ts); a refreshed token is checked again.
import crypto from 'node:crypto';
import type { StackContext } from '../context.ts';
import { verifyJwt, JwtError, type Claims } from '../jwt.ts';
import { AuthorizationUnavailable, noPolicies, readPolicies, type Extension, type Policies } from './authorization.ts';
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
  /** `realtime:<name>`, as joined. */
  topic: string;
  /** `<name>`: the topic policies see as `realtime.topic()`. */
  subTopic: string;
  /** Joined with `config.private`: a topic of its own, apart from the public one of that name. */
  private: boolean;
  /** What the user may do on a private channel (read checked at join, write at the first send). */
  policies: Policies;
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
  const presenceCfg = isObj(config.presence) ? config.presence : {};
  const presenceEnabled = presenceCfg.enabled === true;
  const subTopic = f.topic.replace(/^realtime:/, '');
  const isPrivate = config.private === true || config.private === 'true';
  let policies = noPolicies();
  if (isPrivate) {
    const read = await authoriseRead(rt, subTopic, claims, presenceEnabled, policies);
    if (typeof read === 'string') {
      conn.reply(f, 'error', { reason: read });
      return;
    }
    policies = read;
  }
  const status = bindings.length ? await subscriptionStatus(rt.changes, bindings) : null;
  const existing = conn.channels.get(f.topic);
  if (existing) closeChannel(rt, existing, true);
  const ch: Channel = {
    topic: f.topic,
    subTopic,
    private: isPrivate,
    policies,
    joinRef: f.joinRef ?? f.ref,
    conn,
    bindings,
    token,
    claims,
    expiryTimer: null,
    broadcastSelf: isObj(config.broadcast) && config.broadcast.self === true,
    presenceEnabled,
    presenceKey: typeof presenceCfg.key === 'string' && presenceCfg.key ? presenceCfg.key : crypto.randomUUID(),
    presenceMeta: null,
  };
  conn.channels.set(f.topic, ch);
  armExpiry(rt, ch);
  conn.reply(f, 'ok', { postgres_changes: echoed });
  if (status) conn.send(null, null, f.topic, 'system', { ...status, channel: f.topic.replace(/^realtime:/, '') });
  if (ch.presenceEnabled && (!ch.private || ch.policies.presence.read === true))
    conn.send(null, null, f.topic, 'presence_state', presenceState(rt, ch));
}

const cannotRead = (subTopic: string) => `You do not have permissions to read from this Channel topic: ${subTopic}`;

/** Read policies for a private channel, or the reason a join is refused (hosted's texts). */
async function authoriseRead(
  rt: Realtime,
  subTopic: string,
  claims: Claims,
  presenceEnabled: boolean,
  base: Policies,
): Promise<Policies | string> {
  const extensions: Extension[] = presenceEnabled ? ['broadcast', 'presence'] : ['broadcast'];
  try {
    const p = await readPolicies(rt.ctx.db, subTopic, claims, extensions, base);
    return p.broadcast.read || p.presence.read ? p : `Unauthorized: ${cannotRead(subTopic)}`;
  } catch (e) {
    if (!(e instanceof AuthorizationUnavailable)) throw e;
    rt.ctx.log(`[realtime] authorising ${subTopic} failed: ${e.message}`);
    return 'Realtime was unable to connect to the project database';
  }
}

function shutdown(rt: Realtime, ch: Channel, message: string): void {
  ch.conn.send(null, null, ch.topic, 'system', { extension: 'system', status: 'error', message, channel: ch.subTopic });
  closeChannel(rt, ch, true);
}

async function accessToken(rt: Realtime, conn: Conn, ch: Channel, f: Frame): Promise<void> {
  const token = f.payload.access_token;
  if (typeof token !== 'string' || !token || token === ch.token) return;
  let claims: Claims;
  try {
    claims = verifyJwt(token, rt.secret);
  } catch (e) {
    shutdown(rt, ch, tokenError(e, expOf(token)));
    return;
  }
  ch.claims = claims;
  ch.token = token;
  armExpiry(rt, ch);
  if (!ch.private) return;
  // As hosted: the policies are evaluated again for the new token; losing a read the old one had closes it.
  const previous = ch.policies;
  const read = await authoriseRead(rt, ch.subTopic, claims, ch.presenceEnabled, noPolicies());
  if (conn.channels.get(ch.topic) !== ch) return;
  if (typeof read === 'string') {
    shutdown(rt, ch, read.replace(/^Unauthorized: /, ''));
    return;
  }
  const revoked = (a?: boolean, b?: boolean) => a === true && b === false;
  if (revoked(previous.broadcast.read, read.broadcast.read) || revoked(previous.presence.read, read.presence.read)) {
    shutdown(rt, ch, `You no longer have permission to read from this Channel topic: ${ch.subTopic}`);
    return;
  }
  ch.policies = read;
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
      return accessToken(rt, conn, ch, f);
    case 'presence':
      return handlePresence(rt, ch, f);
    case 'broadcast':
      return handleBroadcast(rt, conn, ch, f);
    default:
      if (f.ref) conn.reply(f, 'ok', {});
  }
}
