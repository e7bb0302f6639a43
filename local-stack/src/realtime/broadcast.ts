// Broadcast (Realtime's BroadcastHandler and the fan-out of its MessageDispatcher): a `broadcast` push goes to
// the topic's other sockets (and back to the sender with `broadcast.self`). Private and public channels of one
// name are different topics; on a private channel the sender needs the write policy (checked once, then kept
// on the channel) and each receiver the read policy it was joined with. JSON broadcasts go out as JSON frames;
// binary ones (realtime-js 2.x) as binary frames to vsn 2.0.0 sockets. Messages from the database
// (messages.ts) and the REST API (api.ts) are fanned out here too.
import { WebSocket } from 'ws';
import { AuthorizationUnavailable, PolicyError, writePolicies } from './authorization.ts';
import type { Channel, Realtime } from './channels.ts';
import { encodeBinaryBroadcast, type InFrame } from './protocol.ts';
import type { Conn } from './socket.ts';

/** The channels a broadcast on `topic` (`realtime:<name>`) reaches: same privacy, read allowed when private. */
export function* receivers(rt: Pick<Realtime, 'conns'>, topic: string, isPrivate: boolean): Generator<Channel> {
  for (const conn of rt.conns) {
    const ch = conn.channels.get(topic);
    if (!ch || ch.private !== isPrivate) continue;
    if (isPrivate && ch.policies.broadcast.read !== true) continue;
    yield ch;
  }
}

/**
 * A user broadcast (Realtime's UserBroadcast: from the database, or the single-message REST API): a binary
 * frame (kind 4) to vsn 2.0.0 sockets, a JSON `broadcast` to vsn 1.0.0 ones (JSON payloads only, as hosted).
 */
export function sendUserBroadcast(
  rt: Pick<Realtime, 'conns'>,
  topic: string,
  isPrivate: boolean,
  msg: { event: string; json?: string; binary?: Buffer; meta?: Record<string, unknown> },
): void {
  const body = msg.json !== undefined ? Buffer.from(msg.json) : (msg.binary ?? Buffer.alloc(0));
  let frame: Buffer | null = null;
  for (const ch of receivers(rt, topic, isPrivate)) {
    if (ch.conn.vsn2) {
      frame ??= encodeBinaryBroadcast(topic, msg.event, body, { json: msg.json !== undefined, meta: msg.meta });
      if (ch.conn.ws.readyState === WebSocket.OPEN) ch.conn.ws.send(frame);
    } else if (msg.json !== undefined) {
      ch.conn.send(null, null, topic, 'broadcast', {
        event: msg.event,
        payload: JSON.parse(msg.json) as unknown,
        type: 'broadcast',
        ...(msg.meta ? { meta: msg.meta } : {}),
      });
    }
  }
}

/** A JSON broadcast (Phoenix's Broadcast: the batch REST API) as a JSON frame to every receiver. */
export function sendJsonBroadcast(
  rt: Pick<Realtime, 'conns'>,
  topic: string,
  isPrivate: boolean,
  payload: unknown,
): void {
  for (const ch of receivers(rt, topic, isPrivate)) ch.conn.send(null, null, topic, 'broadcast', payload);
}

export async function handleBroadcast(rt: Realtime, conn: Conn, ch: Channel, f: InFrame): Promise<void> {
  if (ch.private && ch.policies.broadcast.write === undefined) {
    try {
      ch.policies = await writePolicies(rt.ctx.db, ch.subTopic, ch.claims, ch.policies);
    } catch (e) {
      // As hosted: logged, the push is dropped (no reply), the check runs again on the next one.
      if (e instanceof PolicyError || e instanceof AuthorizationUnavailable)
        rt.ctx.log(`[realtime] broadcast authorisation on ${ch.subTopic} failed: ${e.message}`);
      else throw e;
      return;
    }
  }
  // Not allowed to write: dropped without a reply, as hosted (an acknowledged send times out).
  if (ch.private && ch.policies.broadcast.write !== true) return;
  const event = typeof f.payload.event === 'string' ? f.payload.event : '';
  for (const och of receivers(rt, f.topic, ch.private)) {
    const other = och.conn;
    if (other === conn && !ch.broadcastSelf) continue;
    if (f.binary && other.vsn2) {
      if (other.ws.readyState === WebSocket.OPEN) other.ws.send(encodeBinaryBroadcast(f.topic, event, f.binary));
    } else if (!f.binary) {
      other.send(null, null, f.topic, 'broadcast', f.payload);
    }
  }
  if (f.ref) conn.reply(f, 'ok', {});
}
