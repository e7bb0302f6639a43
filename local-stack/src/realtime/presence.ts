// Presence in Phoenix Presence's shapes (Realtime's PresenceHandler): `track`/`untrack` pushes, a
// `presence_state` on join and `presence_diff` {joins, leaves} to the topic's sockets with presence on.
// One meta per channel, kept in memory. Private and public channels of one name are apart; on a private channel
// tracking needs the presence write policy and seeing others the read policy (authorization.ts).
import crypto from 'node:crypto';
import { AuthorizationUnavailable, PolicyError, readPolicies, writePolicies } from './authorization.ts';
import type { Channel, Realtime } from './channels.ts';
import { isObj, type Frame } from './protocol.ts';

/** The channels sharing `of`'s topic: same name, same privacy. */
function* topicChannels(rt: Realtime, of: Channel): Generator<Channel> {
  for (const c of rt.conns) {
    const ch = c.channels.get(of.topic);
    if (ch && ch.private === of.private) yield ch;
  }
}

export function presenceState(rt: Realtime, of: Channel): Record<string, { metas: Record<string, unknown>[] }> {
  const state: Record<string, { metas: Record<string, unknown>[] }> = {};
  for (const ch of topicChannels(rt, of)) {
    if (ch.presenceMeta) (state[ch.presenceKey] ??= { metas: [] }).metas.push(ch.presenceMeta);
  }
  return state;
}

export function presenceDiff(
  rt: Realtime,
  of: Channel,
  joins: Record<string, unknown>,
  leaves: Record<string, unknown>,
): void {
  for (const ch of topicChannels(rt, of)) {
    if (ch.presenceEnabled && (!ch.private || ch.policies.presence.read === true))
      ch.conn.send(null, null, ch.topic, 'presence_diff', { joins, leaves });
  }
}

/** On a private channel, whether the user may track (the policies are checked once, then kept). */
async function mayTrack(rt: Realtime, ch: Channel): Promise<boolean> {
  if (!ch.private) return true;
  if (ch.policies.presence.write === undefined) {
    try {
      let p = ch.policies;
      if (p.presence.read === undefined) p = await readPolicies(rt.ctx.db, ch.subTopic, ch.claims, ['presence'], p);
      ch.policies = await writePolicies(rt.ctx.db, ch.subTopic, ch.claims, p);
    } catch (e) {
      if (!(e instanceof PolicyError || e instanceof AuthorizationUnavailable)) throw e;
      rt.ctx.log(`[realtime] presence authorisation on ${ch.subTopic} failed: ${e.message}`);
      return false;
    }
  }
  return ch.policies.presence.write === true;
}

/** A `presence` push: `{event: 'track', payload}` or `{event: 'untrack'}`. */
export async function handlePresence(rt: Realtime, ch: Channel, f: Frame): Promise<void> {
  if (f.payload.event === 'track' && !(await mayTrack(rt, ch))) {
    // As hosted: an error reply with no response.
    if (f.ref) ch.conn.reply(f, 'error', {});
    return;
  }
  const old = ch.presenceMeta;
  if (f.payload.event === 'track') {
    const meta = {
      ...(isObj(f.payload.payload) ? f.payload.payload : {}),
      phx_ref: crypto.randomBytes(8).toString('base64url'),
    };
    ch.presenceMeta = meta;
    presenceDiff(rt, ch, { [ch.presenceKey]: { metas: [meta] } }, old ? { [ch.presenceKey]: { metas: [old] } } : {});
  } else if (f.payload.event === 'untrack' && old) {
    ch.presenceMeta = null;
    presenceDiff(rt, ch, {}, { [ch.presenceKey]: { metas: [old] } });
  }
  if (f.ref) ch.conn.reply(f, 'ok', {});
}

/** The channel's meta leaves (the channel closed). */
export function presenceLeave(rt: Realtime, ch: Channel): void {
  if (!ch.presenceMeta) return;
  const left = ch.presenceMeta;
  ch.presenceMeta = null;
  presenceDiff(rt, ch, {}, { [ch.presenceKey]: { metas: [left] } });
}
