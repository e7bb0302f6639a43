// The local mail inbox: an HTML page listing what the stack "sent" (reset codes…) and a
// Mailpit-shaped JSON API (/api/v1/messages, /api/v1/message/{ID}, /api/v1/search) so tests and
// tools written for the Supabase CLI's Mailpit work unchanged. A local tool: it answers its own
// pages and clients that send no Origin (tests, curl), never another site's page (see `ownRequest`).
import http from 'node:http';
import net from 'node:net';
import type { StackContext } from '../context.ts';
import type { Address, Mail, Mailbox } from './mailbox.ts';

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const addr = (a: Address) => ({ Name: a.name, Address: a.address });
const size = (m: Mail) => Buffer.byteLength(m.text) + Buffer.byteLength(m.html) + Buffer.byteLength(m.subject);

function summary(m: Mail) {
  return {
    ID: m.id,
    MessageID: m.messageId,
    Read: m.read,
    From: addr(m.from),
    To: m.to.map(addr),
    Cc: [],
    Bcc: [],
    ReplyTo: [],
    Subject: m.subject,
    Created: m.created,
    Tags: [],
    Size: size(m),
    Attachments: 0,
    Snippet: m.text.replace(/\s+/g, ' ').trim().slice(0, 250),
  };
}

function detail(m: Mail) {
  return {
    ID: m.id,
    MessageID: m.messageId,
    From: addr(m.from),
    To: m.to.map(addr),
    Cc: [],
    Bcc: [],
    ReplyTo: [],
    ReturnPath: m.from.address,
    Subject: m.subject,
    ListUnsubscribe: { Header: '', Links: [], Errors: '', HeaderPost: '' },
    Date: m.created,
    Tags: [],
    Text: m.text,
    HTML: m.html,
    Size: size(m),
    Inline: [],
    Attachments: [],
  };
}

/** Mailpit's search syntax, the useful part: `to:addr`, `from:addr`, `subject:"words"`, `is:unread`, free words. */
function matches(m: Mail, query: string): boolean {
  const terms = query.match(/(\w+:)?("[^"]*"|\S+)/g) ?? [];
  return terms.every((t) => {
    const mm = /^(?:(\w+):)?"?(.*?)"?$/.exec(t)!;
    const field = mm[1]?.toLowerCase();
    const v = (mm[2] ?? '').toLowerCase();
    if (field === 'to')
      return m.to.some((a) => a.address.toLowerCase().includes(v) || a.name.toLowerCase().includes(v));
    if (field === 'from') return m.from.address.toLowerCase().includes(v) || m.from.name.toLowerCase().includes(v);
    if (field === 'subject') return m.subject.toLowerCase().includes(v);
    if (field === 'is') return v === 'read' ? m.read : v === 'unread' ? !m.read : true;
    return `${m.subject}\n${m.text}\n${m.to.map((a) => a.address).join(' ')}`.toLowerCase().includes(v);
  });
}

function listing(box: Mailbox, all: Mail[], start: number, limit: number) {
  const page = all.slice(start, start + limit);
  return {
    total: box.list().length,
    unread: box.list().filter((m) => !m.read).length,
    count: page.length,
    messages_count: all.length,
    start,
    tags: [],
    messages: page.map(summary),
  };
}

function page(box: Mailbox): string {
  const rows = box
    .list()
    .map(
      (m) => `<article class="mail" data-id="${esc(m.id)}">
<h2>${esc(m.subject)}</h2>
<p class="meta">To: <span class="to">${esc(m.to.map((a) => (a.name ? `${a.name} <${a.address}>` : a.address)).join(', '))}</span> · <time datetime="${esc(m.created)}">${esc(new Date(m.created).toUTCString())}</time>${m.read ? '' : ' · <strong>new</strong>'}</p>
<pre>${esc(m.text)}</pre>
<p><a href="/view/${encodeURIComponent(m.id)}.html">HTML version</a></p>
</article>`,
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Guestmap inbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:760px;margin:24px auto;padding:0 16px}
.mail{border:1px solid #ddd;border-radius:8px;padding:8px 16px;margin:12px 0}.meta{color:#555;font-size:14px}
pre{white-space:pre-wrap;font-size:15px}</style></head><body>
<h1>Guestmap inbox</h1><p>${box.list().length} message(s). <a href="/">Refresh</a></p>
<form method="post" action="/clear"><button type="submit">Delete all</button></form>
${rows || '<p>No mail yet.</p>'}
</body></html>`;
}

async function readAll(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let n = 0;
  for await (const c of req) {
    n += (c as Buffer).length;
    if (n > 1024 * 1024) break;
    chunks.push(c as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

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
    const p = url.pathname;
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
    const start = Math.max(0, Number(url.searchParams.get('start')) || 0);
    const limit = Math.max(1, Number(url.searchParams.get('limit')) || 50);
    if (p === '/api/v1/messages' && method === 'GET') return json(res, 200, listing(box, box.list(), start, limit));
    if (p === '/api/v1/search' && method === 'GET') {
      const q = url.searchParams.get('query') ?? '';
      return json(
        res,
        200,
        listing(
          box,
          box.list().filter((m) => matches(m, q)),
          start,
          limit,
        ),
      );
    }
    if (p === '/api/v1/messages' && method === 'DELETE') {
      const raw = await readAll(req);
      let ids: string[] = [];
      try {
        const b = raw ? (JSON.parse(raw) as { IDs?: unknown }) : {};
        if (Array.isArray(b.IDs)) ids = b.IDs.map(String);
      } catch {
        return json(res, 400, { Error: 'invalid JSON body' });
      }
      if (ids.length) box.delete(ids);
      else box.clear();
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      return res.end('ok');
    }
    let m = /^\/api\/v1\/message\/([^/]+)$/.exec(p);
    if (m && method === 'GET') {
      const id = decodeURIComponent(m[1]!);
      const mail = id === 'latest' ? box.list()[0] : box.get(id);
      if (!mail) return json(res, 404, { Error: 'message not found' });
      mail.read = true;
      return json(res, 200, detail(mail));
    }
    m = /^\/view\/([^/]+)\.(html|txt)$/.exec(p);
    if (m && method === 'GET') {
      const id = decodeURIComponent(m[1]!);
      const mail = id === 'latest' ? box.list()[0] : box.get(id);
      if (!mail) {
        res.writeHead(404, { 'Content-Type': 'text/plain' });
        return res.end('message not found');
      }
      mail.read = true;
      res.writeHead(200, {
        'Content-Type': m[2] === 'html' ? 'text/html; charset=utf-8' : 'text/plain; charset=utf-8',
        'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; img-src data: https:",
      });
      return res.end(m[2] === 'html' ? mail.html : mail.text);
    }
    if (p === '/clear' && method === 'POST') {
      box.clear();
      res.writeHead(303, { Location: '/' });
      return res.end();
    }
    if (p === '/' && method === 'GET') {
      res.writeHead(200, {
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'",
      });
      return res.end(page(box));
    }
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
