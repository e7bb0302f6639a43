// Presence in Phoenix Presence's shapes (Realtime's PresenceHandler): `track`/`untrack` pushes, a
// `presence_state` on join and `presence_diff` {joins, leaves} to the topic's sockets with presence on.
// One meta per channel, kept in memory.
import crypto from 'node:crypto';
import type { Channel, Realtime } from './channels.ts';
import { isObj, type Frame } from './protocol.ts';

function* topicChannels(rt: Realtime, topic: string): Generator<Channel> {
  for (const c of rt.conns) {
    const ch = c.channels.get(topic);
    if (ch) yield ch;
  }
}

export function presenceState(rt: Realtime, topic: string): Record<string, { metas: Record<string, unknown>[] }> {
  const state: Record<string, { metas: Record<string, unknown>[] }> = {};
  for (const ch of topicChannels(rt, topic)) {
    if (ch.presenceMeta) (state[ch.presenceKey] ??= { metas: [] }).metas.push(ch.presenceMeta);
  }
  return state;
}

export function presenceDiff(
  rt: Realtime,
  topic: string,
  joins: Record<string, unknown>,
  leaves: Record<string, unknown>,
): void {
  for (const ch of topicChannels(rt, topic)) {
    if (ch.presenceEnabled) ch.conn.send(null, null, topic, 'presence_diff', { joins, leaves });
  }
}

/** A `presence` push: `{event: 'track', payload}` or `{event: 'untrack'}`. */
export function handlePresence(rt: Realtime, ch: Channel, f: Frame): void {
  const old = ch.presenceMeta;
  if (f.payload.event === 'track') {
    const meta = {
      ...(isObj(f.payload.payload) ? f.payload.payload : {}),
      phx_ref: crypto.randomBytes(8).toString('base64url'),
    };
    ch.presenceMeta = meta;
    presenceDiff(
      rt,
      ch.topic,
      { [ch.presenceKey]: { metas: [meta] } },
      old ? { [ch.presenceKey]: { metas: [old] } } : {},
    );
  } else if (f.payload.event === 'untrack' && old) {
    ch.presenceMeta = null;
    presenceDiff(rt, ch.topic, {}, { [ch.presenceKey]: { metas: [old] } });
  }
  if (f.ref) ch.conn.reply(f, 'ok', {});
}

/** The channel's meta leaves (the channel closed). */
export function presenceLeave(rt: Realtime, ch: Channel): void {
  if (!ch.presenceMeta) return;
  const left = ch.presenceMeta;
  ch.presenceMeta = null;
  presenceDiff(rt, ch.topic, {}, { [ch.presenceKey]: { metas: [left] } });
}
