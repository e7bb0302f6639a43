// Mailpit's JSON API, v1 (its server/apiv1): list, search, read and delete messages, in Mailpit's shapes,
// so tests and tools written for the Supabase CLI's Mailpit work unchanged.
import type http from 'node:http';
import type { Address, Mail, Mailbox } from '../mailbox.ts';

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

const json = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
};

/** Answers `/api/v1/…`; false when the path and method are not one of its routes. */
export async function apiV1(
  box: Mailbox,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  url: URL,
): Promise<boolean> {
  const method = req.method ?? 'GET';
  const p = url.pathname;
  const start = Math.max(0, Number(url.searchParams.get('start')) || 0);
  const limit = Math.max(1, Number(url.searchParams.get('limit')) || 50);
  if (p === '/api/v1/messages' && method === 'GET') {
    json(res, 200, listing(box, box.list(), start, limit));
    return true;
  }
  if (p === '/api/v1/search' && method === 'GET') {
    const q = url.searchParams.get('query') ?? '';
    json(
      res,
      200,
      listing(
        box,
        box.list().filter((m) => matches(m, q)),
        start,
        limit,
      ),
    );
    return true;
  }
  if (p === '/api/v1/messages' && method === 'DELETE') {
    const raw = await readAll(req);
    let ids: string[] = [];
    try {
      const b = raw ? (JSON.parse(raw) as { IDs?: unknown }) : {};
      if (Array.isArray(b.IDs)) ids = b.IDs.map(String);
    } catch {
      json(res, 400, { Error: 'invalid JSON body' });
      return true;
    }
    if (ids.length) box.delete(ids);
    else box.clear();
    res.writeHead(200, { 'Content-Type': 'text/plain' });
    res.end('ok');
    return true;
  }
  const m = /^\/api\/v1\/message\/([^/]+)$/.exec(p);
  if (m && method === 'GET') {
    const id = decodeURIComponent(m[1]!);
    const mail = id === 'latest' ? box.list()[0] : box.get(id);
    if (!mail) {
      json(res, 404, { Error: 'message not found' });
      return true;
    }
    mail.read = true;
    json(res, 200, detail(mail));
    return true;
  }
  return false;
}
