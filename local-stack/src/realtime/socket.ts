// The WebSocket at /realtime/v1/websocket (Realtime's UserSocket): the `apikey` query parameter (or
// header) must be a valid JWT of a known role; each socket is one Conn, its frames handled in order.
import type http from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, WebSocket } from 'ws';
import { verifyJwt } from '../jwt.ts';
import type { Channel, Realtime } from './channels.ts';
import { closeChannel, onFrame } from './channels.ts';
import { decodeBinaryPush, decodeFrame, type Frame } from './protocol.ts';

const WS_PATHS = new Set(['/realtime/v1/websocket', '/realtime/v1/websocket/']);
export const ROLES = new Set(['anon', 'authenticated', 'service_role']);

/** One client socket and the channels it joined (by topic). */
export class Conn {
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

/** Accepts realtime sockets on the API server once `ready` (postgres_changes' capture installed). */
export function attachSocket(rt: Realtime, server: http.Server, ready: Promise<void>): { close: () => void } {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  server.on('upgrade', (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://local');
    if (!WS_PATHS.has(url.pathname)) {
      if (server.listenerCount('upgrade') === 1) socket.destroy();
      return;
    }
    const apikey = url.searchParams.get('apikey') ?? String(req.headers.apikey ?? '');
    try {
      const claims = verifyJwt(apikey, rt.secret);
      if (typeof claims.role !== 'string' || !ROLES.has(claims.role)) throw new Error('role');
    } catch {
      socket.end('HTTP/1.1 403 Forbidden\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\nInvalid apikey');
      return;
    }
    const vsn2 = url.searchParams.get('vsn') === '2.0.0';
    ready.then(
      () => {
        if (rt.closed) return socket.destroy();
        wss.handleUpgrade(req, socket, head, (ws) => {
          const conn = new Conn(ws, vsn2, apikey);
          rt.conns.add(conn);
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
              .then(() => onFrame(rt, conn, f))
              .catch((e) => rt.ctx.log(`[realtime] ${e instanceof Error ? e.message : String(e)}`));
          });
          ws.on('close', () => {
            rt.conns.delete(conn);
            for (const ch of [...conn.channels.values()]) closeChannel(rt, ch, false);
          });
          ws.on('error', () => undefined);
        });
      },
      () => socket.destroy(),
    );
  });
  return { close: () => wss.close() };
}
