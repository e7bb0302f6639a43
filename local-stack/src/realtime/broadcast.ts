// Broadcast (Realtime's BroadcastHandler): a `broadcast` push fans out to the topic's other sockets (and
// back to the sender with `broadcast.self`). JSON broadcasts go out as JSON frames; binary ones (realtime-js
// 2.x) as binary frames to vsn 2.0.0 sockets. Not through the database (no private channels, no
// `realtime.messages`).
import { WebSocket } from 'ws';
import type { Channel, Realtime } from './channels.ts';
import { encodeBinaryBroadcast, type InFrame } from './protocol.ts';
import type { Conn } from './socket.ts';

export function handleBroadcast(rt: Realtime, conn: Conn, ch: Channel, f: InFrame): void {
  // JSON broadcasts (vsn 1.0.0 or explicit JSON frames) fan out to the topic's other sockets.
  const event = typeof f.payload.event === 'string' ? f.payload.event : '';
  for (const other of rt.conns) {
    const och = other.channels.get(f.topic);
    if (!och || (other === conn && !ch.broadcastSelf)) continue;
    if (f.binary && other.vsn2) {
      if (other.ws.readyState === WebSocket.OPEN) other.ws.send(encodeBinaryBroadcast(f.topic, event, f.binary));
    } else if (!f.binary) {
      other.send(null, null, f.topic, 'broadcast', f.payload);
    }
  }
  if (f.ref) conn.reply(f, 'ok', {});
}
