// @vitest-environment node
// `npm start` tells the truth (issue #29, item 4): a second copy started beside a running one, with the
// running copy's API port, names the part that could not start and exits non-zero, and never serves its
// apps against the other copy's backend. Ports are picked free for each run.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');

const isFree = (port) =>
  new Promise((resolve) => {
    const s = net.createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });
async function freePort() {
  const s = net.createServer();
  await new Promise((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address();
  await new Promise((r) => s.close(r));
  return port;
}
/** A base with five free ports after it (shell and the four remotes). */
async function freeBase() {
  for (;;) {
    const base = 20000 + Math.floor(Math.random() * 20000);
    const free = await Promise.all([0, 1, 2, 3, 4].map((i) => isFree(base + i)));
    if (free.every(Boolean)) return base;
  }
}

const started = [];
function run(cmd, args, env, cwd = ROOT) {
  const proc = spawn(cmd, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  started.push(proc);
  let out = '';
  proc.stdout.on('data', (d) => (out += d));
  proc.stderr.on('data', (d) => (out += d));
  const exited = new Promise((resolve) => proc.once('exit', (code) => resolve(code)));
  return { proc, out: () => out, exited };
}
async function until(check, ms, what) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} did not happen in ${ms} ms`);
}
afterAll(async () => {
  for (const p of started) if (p.exitCode === null && p.signalCode === null) p.kill('SIGTERM');
  await Promise.all(started.map((p) => (p.exitCode === null ? new Promise((r) => p.once('exit', r)) : null)));
});

describe('a second copy beside a running one', () => {
  it('with the running copy’s API port: names the API and the port, exits non-zero, serves nothing', async () => {
    // The running copy: the stack serving the app's project (what `npm start` runs first).
    const ports = { api: await freePort(), db: await freePort(), inbox: await freePort() };
    const first = run(
      TSX,
      [path.join(ROOT, 'local-stack/src/cli.ts'), 'start', '--memory'],
      {
        SUPABASE_API_PORT: String(ports.api),
        SUPABASE_DB_PORT: String(ports.db),
        SUPABASE_INBOX_PORT: String(ports.inbox),
      },
      path.join(ROOT, 'supabase'),
    );
    await until(() => /API URL:/.test(first.out()), 150_000, `the first copy (${first.out()})`);

    // The second copy moves its apps (GUESTMAP_PORT_BASE) but keeps the stack's ports: they are taken.
    const base = await freeBase();
    const second = run(process.execPath, [path.join(ROOT, 'shell/scripts/platform.mjs'), 'serve'], {
      GUESTMAP_PORT_BASE: String(base),
      SUPABASE_API_PORT: String(ports.api),
      SUPABASE_DB_PORT: String(ports.db),
      SUPABASE_INBOX_PORT: String(ports.inbox),
    });
    const code = await Promise.race([second.exited, new Promise((r) => setTimeout(() => r('still running'), 120_000))]);
    const out = second.out();
    // Never its apps against the other copy's backend: no shell, no config.json pointing anywhere.
    const config = await fetch(`http://127.0.0.1:${base}/config.json`).then(
      (r) => r.text(),
      () => null,
    );
    expect(config, `the second copy serves its shell with ${config}`).toBeNull();
    expect(code, out).not.toBe('still running');
    expect(code, out).not.toBe(0);
    expect(out).toMatch(new RegExp(`API: port ${ports.api} on 127\\.0\\.0\\.1 is already in use`));
    expect(out).not.toMatch(/serving on|Guestmap is running/);
    // The first copy is untouched.
    expect((await fetch(`http://127.0.0.1:${ports.api}/health`)).status).toBe(200);
  }, 300_000);

  it('with every port its own: starts, and says which ports it uses', async () => {
    const dist = ['shell', 'mfe-marketing', 'mfe-map', 'mfe-account', 'mfe-dashboard'].every((d) =>
      fs.existsSync(path.join(ROOT, d, 'dist')),
    );
    if (!dist) return; // serving needs the production builds (npm test builds them after this step)
    const base = await freeBase();
    const ports = { api: await freePort(), db: await freePort(), inbox: await freePort() };
    const copy = run(process.execPath, [path.join(ROOT, 'shell/scripts/platform.mjs'), 'serve'], {
      GUESTMAP_PORT_BASE: String(base),
      SUPABASE_API_PORT: String(ports.api),
      SUPABASE_DB_PORT: String(ports.db),
      SUPABASE_INBOX_PORT: String(ports.inbox),
    });
    await until(() => /Guestmap is running/.test(copy.out()) || copy.proc.exitCode !== null, 200_000, 'start');
    const out = copy.out();
    expect(out).toContain(`App (shell)      http://localhost:${base}`);
    expect(out).toContain(`Supabase API     http://127.0.0.1:${ports.api}`);
    expect(out).toContain(`Postgres         postgresql://postgres:postgres@127.0.0.1:${ports.db}/postgres`);
    expect(out).toContain(`Mail inbox       http://127.0.0.1:${ports.inbox}`);
    const config = await (await fetch(`http://127.0.0.1:${base}/config.json`)).json();
    expect(config.supabaseUrl).toBe(`http://127.0.0.1:${ports.api}`);
  }, 300_000);
});
