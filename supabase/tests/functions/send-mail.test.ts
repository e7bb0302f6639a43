// Hosted's mail sender (supabase/functions/send-mail, run under Deno as the platform runs it) against the stack,
// with its own mailer off, and a mail provider that answers as Resend's API does (a local HTTP server: the
// provider is not Supabase). The mails are the product's: a moderator's invitation writes one.
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, stopPgServer, type TestStack } from '@guestmap/local-stack/testing/stack.ts';
import { waitFor } from '@guestmap/local-stack/testing/wait.ts';

afterAll(stopPgServer);

const root = path.resolve(import.meta.dirname, '../..');
const DENO = path.join(root, 'node_modules', '.bin', 'deno');

interface Sent {
  auth: string | undefined;
  body: { from: string; to: string[]; subject: string; text: string };
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

describe('send-mail, the hosted sender of private.mail_outbox', () => {
  let s: TestStack;
  let fn: ChildProcess;
  let fnUrl = '';
  let provider: http.Server;
  const sent: Sent[] = [];
  let refuseNext = 0;

  beforeAll(async () => {
    s = await startTestStack('pglite', { outbox: false });
    provider = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (d) => (raw += d));
      req.on('end', () => {
        if (refuseNext > 0) {
          refuseNext--;
          res.writeHead(429, { 'Content-Type': 'application/json' }).end('{"message":"Too many requests"}');
          return;
        }
        sent.push({ auth: req.headers.authorization, body: JSON.parse(raw) });
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(`{"id":"m${sent.length}"}`);
      });
    });
    await new Promise<void>((r) => provider.listen(0, '127.0.0.1', r));
    const port = await freePort();
    fnUrl = `http://127.0.0.1:${port}`;
    fn = spawn(DENO, ['run', '--allow-net', '--allow-env', path.join(root, 'functions/send-mail/index.ts')], {
      env: {
        ...process.env,
        DENO_SERVE_ADDRESS: `tcp:127.0.0.1:${port}`,
        DENO_NO_UPDATE_CHECK: '1',
        SUPABASE_URL: s.apiUrl,
        SUPABASE_SERVICE_ROLE_KEY: s.config.auth.serviceRoleKey,
        MAIL_API_URL: `http://127.0.0.1:${(provider.address() as net.AddressInfo).port}/emails`,
        MAIL_API_KEY: 're_test_key',
        MAIL_FROM: 'Guestmap <no-reply@guestmap.test>',
        SITE_URL: 'https://maps.guestmap.test/',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    fn.stdout!.on('data', (d) => (out += d));
    fn.stderr!.on('data', (d) => (out += d));
    await waitFor(() => out.includes('Listening on'), `send-mail to listen (${out})`, { timeoutMs: 60_000 });
  });

  afterAll(async () => {
    fn?.kill();
    await new Promise((r) => provider?.close(r));
    await s?.stop();
  });

  const call = (auth: string) => fetch(fnUrl, { method: 'POST', headers: { Authorization: auth } });
  const outbox = async () =>
    (
      await s.db.query<{ to_email: string; sent_at: string | null; attempts: number; last_error: string | null }>(
        'select to_email, sent_at, attempts, last_error from private.mail_outbox order by id',
      )
    ).rows;

  it('refuses a caller without the service role key, and sends nothing', async () => {
    await s.db.query(
      `insert into private.mail_outbox (to_email, subject, body_text) values ('a@guestmap.test', 'Hello', 'Open {{ .SiteURL }}/user')`,
    );
    expect((await call(`Bearer ${s.config.auth.anonKey}`)).status).toBe(401);
    expect((await call('')).status).toBe(401);
    expect(sent).toEqual([]);
    expect((await outbox())[0]).toMatchObject({ sent_at: null, attempts: 0 });
  });

  it('sends what is waiting through the provider, with the site address, and marks it sent', async () => {
    await s.db.query(
      `insert into private.mail_outbox (to_email, subject, body_text) values ('b@guestmap.test', 'Two', 'Second')`,
    );
    const res = await call(`Bearer ${s.config.auth.serviceRoleKey}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ sent: 2, failed: 0 });
    expect(sent.map((m) => m.body)).toEqual([
      {
        from: 'Guestmap <no-reply@guestmap.test>',
        to: ['a@guestmap.test'],
        subject: 'Hello',
        text: 'Open https://maps.guestmap.test/user',
      },
      { from: 'Guestmap <no-reply@guestmap.test>', to: ['b@guestmap.test'], subject: 'Two', text: 'Second' },
    ]);
    expect(sent.every((m) => m.auth === 'Bearer re_test_key')).toBe(true);
    expect((await outbox()).every((r) => r.sent_at !== null && r.attempts === 1)).toBe(true);
    // Nothing left: a second call sends nothing again.
    expect(await (await call(`Bearer ${s.config.auth.serviceRoleKey}`)).json()).toEqual({ sent: 0, failed: 0 });
    expect(sent).toHaveLength(2);
  });

  it('a mail the provider refuses stays, with the reason, and goes with the next call', async () => {
    await s.db.query(
      `insert into private.mail_outbox (to_email, subject, body_text) values ('c@guestmap.test', 'Three', 'Third')`,
    );
    refuseNext = 1;
    expect(await (await call(`Bearer ${s.config.auth.serviceRoleKey}`)).json()).toEqual({ sent: 0, failed: 1 });
    const waiting = (await outbox()).find((r) => r.to_email === 'c@guestmap.test')!;
    expect(waiting).toMatchObject({ sent_at: null, attempts: 1 });
    expect(waiting.last_error).toMatch(/mail provider: 429 .*Too many requests/);
    expect(await (await call(`Bearer ${s.config.auth.serviceRoleKey}`)).json()).toEqual({ sent: 1, failed: 0 });
    expect(sent.at(-1)!.body.to).toEqual(['c@guestmap.test']);
  });

  it('two senders at once never send one mail twice', async () => {
    await s.db.query(
      `insert into private.mail_outbox (to_email, subject, body_text)
       select 'many' || g || '@guestmap.test', 'Many', 'Body' from generate_series(1, 30) g`,
    );
    const before = sent.length;
    const results = await Promise.all(
      [1, 2, 3].map(async () => (await call(`Bearer ${s.config.auth.serviceRoleKey}`)).json()),
    );
    expect(results.reduce((n, r: { sent: number }) => n + r.sent, 0)).toBe(30);
    const to = sent.slice(before).map((m) => m.body.to[0]);
    expect(new Set(to).size).toBe(30);
    expect(to).toHaveLength(30);
  });

  it('the claim and finish functions are the service role’s alone', async () => {
    for (const key of [s.config.auth.anonKey]) {
      const res = await fetch(`${s.apiUrl}/rest/v1/rpc/claim_outbox_mail`, {
        method: 'POST',
        headers: { apikey: key, Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        body: '{}',
      });
      expect(res.status).toBeGreaterThanOrEqual(401);
      expect(res.status).toBeLessThan(500);
    }
  });
});
