// Realtime on the API server's WebSocket upgrade at /realtime/v1/websocket: the Phoenix channel protocol
// as realtime-js speaks it (protocol.ts, socket.ts), channels (channels.ts) with postgres_changes
// (postgres_changes/), broadcast (broadcast.ts) and presence (presence.ts). What lives where: README.md.
import type http from 'node:http';
import type { StackContext } from '../context.ts';
import type { Realtime } from './channels.ts';
import { startPostgresChanges } from './postgres_changes/index.ts';
import { attachSocket, type Conn } from './socket.ts';

export function attachRealtime(ctx: StackContext, server: http.Server): void {
  const base = { ctx, secret: ctx.config.auth.jwtSecret, conns: new Set<Conn>(), closed: false };
  // One object: postgres_changes reads `closed` and `conns` from it as they change.
  const rt: Realtime = Object.assign(base, { changes: startPostgresChanges(base) });
  const socket = attachSocket(rt, server, rt.changes.ready);

  ctx.onClose(async () => {
    rt.closed = true;
    rt.changes.stopPolling();
    for (const conn of rt.conns) conn.ws.terminate();
    rt.conns.clear();
    socket.close();
    await rt.changes.close();
  });
}
