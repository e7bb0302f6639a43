// Placeholder until realtime is implemented: refuses WebSocket upgrades.
import type http from 'node:http';
import type { StackContext } from '../context.ts';

export function attachRealtime(_ctx: StackContext, server: http.Server): void {
  server.on('upgrade', (_req, socket) => socket.destroy());
}
