// The inbox's web page (Mailpit's UI, in one page): every message with its text, a link to its HTML
// version, and "Delete all".
import type http from 'node:http';
import type { Mailbox } from './mailbox.ts';

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

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

/** Answers the page, a message's HTML or text view and /clear; false for any other path. */
export function ui(box: Mailbox, req: http.IncomingMessage, res: http.ServerResponse, url: URL): boolean {
  const method = req.method ?? 'GET';
  const p = url.pathname;
  const m = /^\/view\/([^/]+)\.(html|txt)$/.exec(p);
  if (m && method === 'GET') {
    const id = decodeURIComponent(m[1]!);
    const mail = id === 'latest' ? box.list()[0] : box.get(id);
    if (!mail) {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end('message not found');
      return true;
    }
    mail.read = true;
    res.writeHead(200, {
      'Content-Type': m[2] === 'html' ? 'text/html; charset=utf-8' : 'text/plain; charset=utf-8',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; img-src data: https:",
    });
    res.end(m[2] === 'html' ? mail.html : mail.text);
    return true;
  }
  if (p === '/clear' && method === 'POST') {
    box.clear();
    res.writeHead(303, { Location: '/' });
    res.end();
    return true;
  }
  if (p === '/' && method === 'GET') {
    res.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'",
    });
    res.end(page(box));
    return true;
  }
  return false;
}
