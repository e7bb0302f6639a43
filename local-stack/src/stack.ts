// Assembles the local Supabase-compatible stack: database (bootstrapped and migrated), the API
// server (auth, rest, storage, realtime on one port as the Supabase gateway does), Postgres wire
// access to an embedded database, and the mail inbox. Used by the CLI and by tests (ports 0 = any).
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type net from 'node:net';
import { openDb, type Db } from './db/db.ts';
import { migrate } from './db/migrate.ts';
import { loadConfig, resolveProjectDir, seedFiles, type StackConfig } from './config.ts';
import { Router, sendJson } from './http/router.ts';
import { Mailbox } from './inbox/mailbox.ts';
import type { StackContext } from './context.ts';
import { registerAuth } from './auth/index.ts';
import { registerRest } from './rest/index.ts';
import { registerStorage } from './storage/index.ts';
import { attachRealtime } from './realtime/index.ts';
import { startInbox } from './inbox/index.ts';
import { startOutbox } from './inbox/outbox.ts';
import { startWireServer } from './wire.ts';

export interface StackOptions {
  /** The Supabase project folder (config.toml, migrations/, seed.sql), or a folder with one in `supabase/`. */
  workdir: string;
  /** Postgres server URL; when absent, PGlite in-process. */
  databaseUrl?: string;
  /** PGlite data folder; null keeps nothing (--memory). */
  dataDir?: string | null;
  /** Wipe dataDir first (--reset). */
  reset?: boolean;
  host?: string;
  /** Override ports (0 = pick a free one). */
  ports?: Partial<{ api: number; db: number; inbox: number }>;
  /** Override config values (tests use short JWT lifetimes, for example). */
  configure?: (c: StackConfig) => void;
  seed?: boolean;
  log?: (m: string) => void;
}

export interface Stack {
  apiUrl: string;
  inboxUrl: string;
  dbUrl: string | null;
  config: StackConfig;
  db: Db;
  mailbox: Mailbox;
  stop: () => Promise<void>;
}

const listen = (server: net.Server, port: number, host: string) =>
  new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve((server.address() as net.AddressInfo).port));
  });

export async function startStack(opts: StackOptions): Promise<Stack> {
  const log = opts.log ?? ((m: string) => console.log(m));
  const host = opts.host ?? '127.0.0.1';
  const workdir = resolveProjectDir(opts.workdir);
  const config = loadConfig(workdir);
  opts.configure?.(config);
  const dataDir = opts.dataDir === undefined ? path.join(workdir, '.data') : opts.dataDir;
  if (opts.reset && dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  const db = await openDb({ databaseUrl: opts.databaseUrl, dataDir: dataDir ? path.join(dataDir, 'pglite') : null });
  await migrate(db, {
    migrationsDir: config.db.migrations ? path.join(workdir, 'migrations') : null,
    seedFiles: opts.seed === false ? [] : seedFiles(config),
    log,
  });
  const filesDir = dataDir
    ? path.join(dataDir, 'storage')
    : fs.mkdtempSync(path.join(os.tmpdir(), 'guestmap-storage-'));
  fs.mkdirSync(filesDir, { recursive: true });

  const closers: (() => Promise<void> | void)[] = [];
  const router = new Router();
  const mailbox = new Mailbox();
  const server = http.createServer();
  const apiPort = opts.ports?.api ?? config.api.port;
  const ctx: StackContext = {
    db,
    config,
    router,
    mailbox,
    filesDir,
    apiUrl: '',
    log,
    onClose: (fn) => closers.push(fn),
  };
  registerAuth(ctx);
  registerRest(ctx);
  registerStorage(ctx);
  router.add('GET', '/health', (_req, res) => sendJson(res, 200, { status: 'ok' }));
  server.on('request', (req, res) => {
    router.handle(req, res).then(
      (handled) => {
        if (!handled) sendJson(res, 404, { message: 'no Route matched with those values' });
      },
      (e) => {
        console.error('[stack]', e);
        if (!res.headersSent) sendJson(res, 500, { message: 'Unexpected failure' });
        else res.end();
      },
    );
  });
  attachRealtime(ctx, server);
  const port = await listen(server, apiPort, host);
  ctx.apiUrl = `http://${host}:${port}`;
  const inbox = await startInbox(ctx, opts.ports?.inbox ?? config.inbox.port, host);
  startOutbox(ctx);
  const inboxPort = (inbox.address() as net.AddressInfo).port;
  let dbUrl: string | null = opts.databaseUrl ?? null;
  let wireStop: (() => Promise<void>) | null = null;
  if (db.kind === 'pglite') {
    const wire = await startWireServer(db, opts.ports?.db ?? config.db.port, host);
    dbUrl = `postgresql://postgres:postgres@${host}:${wire.port}/postgres`;
    wireStop = wire.stop;
  }
  return {
    apiUrl: ctx.apiUrl,
    inboxUrl: `http://${host}:${inboxPort}`,
    dbUrl,
    config,
    db,
    mailbox,
    async stop() {
      for (const fn of closers.reverse()) await fn();
      await new Promise<void>((r) => {
        server.closeAllConnections?.();
        server.close(() => r());
      });
      await new Promise<void>((r) => inbox.close(() => r()));
      inbox.closeAllConnections?.();
      if (wireStop) await wireStop();
      await db.close();
      if (!dataDir) fs.rmSync(filesDir, { recursive: true, force: true });
    },
  };
}
