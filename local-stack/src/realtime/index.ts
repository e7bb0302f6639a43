// Realtime on the API server's WebSocket upgrade at /realtime/v1/websocket: the Phoenix channel protocol
// as realtime-js speaks it (protocol.ts, socket.ts), channels (channels.ts) with postgres_changes
// (postgres_changes/), broadcast (broadcast.ts) and presence (presence.ts), private channels authorised by
// RLS on realtime.messages (authorization.ts), broadcast from the database (messages.ts) and over REST
// (api.ts). What lives where: README.md.
import type http from 'node:http';
import type { StackContext } from '../context.ts';
import { registerBroadcastApi } from './api.ts';
import type { Realtime } from './channels.ts';
import { startDatabaseBroadcasts } from './messages.ts';
import { startPostgresChanges } from './postgres_changes/index.ts';
import { attachSocket, type Conn } from './socket.ts';

export function attachRealtime(ctx: StackContext, server: http.Server): void {
  const base = { ctx, secret: ctx.config.auth.jwtSecret, conns: new Set<Conn>(), closed: false };
  // One object: postgres_changes and the database's broadcasts read `closed` and `conns` from it as they change.
  const rt: Realtime = Object.assign(base, { changes: startPostgresChanges(base) });
  const broadcasts = startDatabaseBroadcasts(rt);
  registerBroadcastApi(rt);
  const socket = attachSocket(
    rt,
    server,
    Promise.all([rt.changes.ready, broadcasts.ready]).then(() => undefined),
  );

  ctx.onClose(async () => {
    rt.closed = true;
    rt.changes.stopPolling();
    broadcasts.stop();
    for (const conn of rt.conns) conn.ws.terminate();
    rt.conns.clear();
    socket.close();
    await rt.changes.close();
    await broadcasts.close();
  });
}
