// The local mail inbox, arranged as Mailpit is: the server (this file: who may ask, routing), its JSON API
// (api/v1.ts: /api/v1/messages, /api/v1/message/{ID}, /api/v1/search), its web page (ui.ts) and the
// messages (mailbox.ts). Tests and tools written for the Supabase CLI's Mailpit work unchanged. A local tool:
// it answers its own pages and clients that send no Origin (tests, curl), never another site's page (see
// `ownRequest`).
import http from 'node:http';
import net from 'node:net';
import type { StackContext } from '../context.ts';
import { apiV1 } from './api/v1.ts';
import { ui } from './ui.ts';

const LOCAL_NAMES = new Set(['localhost', '127.0.0.1', '::1']);

/**
 * Whether a request comes from the inbox's own pages or from a local tool, never from another site's
 * page: the mails hold reset codes, so a page that could read them (or press "Delete all") could take
 * over accounts. Browsers say where a request comes from (Origin, Sec-Fetch-Site); tools send neither.
 * The Host must be a local name, an IP address or the address the inbox listens on, so a foreign name
 * pointed at 127.0.0.1 (DNS rebinding) does not make a foreign page "same-origin".
 */
function ownRequest(req: http.IncomingMessage, bindHost: string): boolean {
  const hostHeader = req.headers.host ?? '';
  let hostname: string;
  try {
    hostname = new URL(`http://${hostHeader}`).hostname.replace(/^\[(.*)\]$/, '$1');
  } catch {
    return false;
  }
  if (!LOCAL_NAMES.has(hostname) && !net.isIP(hostname) && hostname !== bindHost) return false;
  const origin = req.headers.origin;
  if (origin !== undefined && origin !== `http://${hostHeader}`) return false;
  const site = req.headers['sec-fetch-site'];
  return site === undefined || site === 'same-origin' || site === 'none';
}

export async function startInbox(ctx: StackContext, port: number, host: string): Promise<http.Server> {
  const box = ctx.mailbox;
  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };
  const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://inbox');
    const method = req.method ?? 'GET';
    // No CORS headers anywhere: another origin's page can neither read an answer nor preflight a DELETE,
    // and what needs no preflight (a form posting /clear) is refused here.
    if (!ownRequest(req, host)) {
      req.resume();
      res.writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8', Vary: 'Origin' });
      return res.end('The inbox answers only its own pages and local tools.');
    }
    if (method === 'OPTIONS') {
      res.writeHead(204, { Allow: 'GET, POST, DELETE, OPTIONS' });
      return res.end();
    }
    if (await apiV1(box, req, res, url)) return;
    if (ui(box, req, res, url)) return;
    return json(res, 404, { Error: 'not found' });
  };
  const server = http.createServer((req, res) => {
    handle(req, res).catch((e) => {
      ctx.log(`[inbox] ${(e as Error).message}`);
      if (!res.headersSent) json(res, 500, { Error: 'internal error' });
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}
