// Assembles the local Supabase-compatible stack: database (bootstrapped and migrated), the API
// server (auth, rest, storage, realtime on one port as the Supabase gateway does), Postgres wire
// access to an embedded database, and the mail inbox. Used by the CLI and by tests (ports 0 = any).
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { openDb, type Db, type Durability } from './db/db.ts';
import { StackStartError } from './db/errors.ts';
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
  /**
   * How an embedded database with a data folder commits (db.ts): 'synced' (default: each commit on the
   * disk before it returns) or 'off' (PGlite's defaults: survives a killed process, not a power cut).
   */
  durability?: Durability;
  /**
   * A database already opened (and usually migrated) to serve instead of opening one: the test harness's copy
   * of a migrated image (testing/image.ts). dataDir and databaseUrl are then not used; the stack closes it.
   * Migrations and seed not in it are still applied.
   */
  database?: Db;
  /**
   * Deliver the project's private.mail_outbox to the inbox (default true). False where a test plays hosted's
   * sender itself (supabase/tests/functions/send-mail.test.ts).
   */
  outbox?: boolean;
}

/** What `startStack` applies to a fresh database: the project's migrations folder and its seed files. */
export function migrationPlan(opts: Pick<StackOptions, 'workdir' | 'configure' | 'seed'>): {
  migrationsDir: string | null;
  seedFiles: string[];
} {
  const workdir = resolveProjectDir(opts.workdir);
  const config = loadConfig(workdir);
  opts.configure?.(config);
  return {
    migrationsDir: config.db.migrations ? path.join(workdir, 'migrations') : null,
    seedFiles: opts.seed === false ? [] : seedFiles(config),
  };
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

/** A part of the stack and the variable that sets its port. */
interface Part {
  name: string;
  env: string;
}
const API: Part = { name: 'API', env: 'SUPABASE_API_PORT' };
const DB: Part = { name: 'Postgres wire access', env: 'SUPABASE_DB_PORT' };
const INBOX: Part = { name: 'mail inbox', env: 'SUPABASE_INBOX_PORT' };

function portError(e: unknown, part: Part, port: number, host: string): unknown {
  const code = (e as { code?: string } | null)?.code;
  if (code === 'EADDRINUSE')
    return new StackStartError(
      part.name,
      `port ${port} on ${host} is already in use (another copy of the stack, or another program). ` +
        `Stop it, or choose another port with ${part.env}.`,
    );
  if (code === 'EACCES') return new StackStartError(part.name, `not allowed to listen on port ${port} (${part.env}).`);
  return e;
}

/** Listens on `port` for `part`, or fails naming the part and the taken port. */
async function listenFor(server: net.Server, part: Part, port: number, host: string): Promise<number> {
  return listen(server, port, host).catch((e: unknown) => {
    throw portError(e, part, port, host);
  });
}

/** Fails at once, before the database is opened or migrated, when a fixed port is taken. */
async function probe(part: Part, port: number, host: string): Promise<void> {
  if (!port) return;
  const s = net.createServer();
  await listenFor(s, part, port, host);
  await new Promise<void>((r) => s.close(() => r()));
}

/**
 * Claims the data folder for this process (`<dataDir>/stack.pid`): two stacks on one PGlite folder would
 * damage it, and a second copy must never serve the first one's data. A pid file left by a process that
 * is gone is taken over. Returns the release function.
 */
const lockedHere = new Set<string>();
function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const key = fs.realpathSync(dataDir);
  if (lockedHere.has(key))
    throw new StackStartError('data folder', `${dataDir} is in use by another stack in this process.`);
  const file = path.join(dataDir, 'stack.pid');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      lockedHere.add(key);
      return () => {
        lockedHere.delete(key);
        try {
          if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.rmSync(file, { force: true });
        } catch {}
      };
    } catch (e) {
      if ((e as { code?: string }).code !== 'EEXIST') throw e;
    }
    const pid = Number(fs.readFileSync(file, 'utf8').trim());
    let alive = false;
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid) {
      try {
        process.kill(pid, 0);
        alive = true;
      } catch (e) {
        alive = (e as { code?: string }).code === 'EPERM';
      }
    }
    if (alive)
      throw new StackStartError(
        'data folder',
        `${dataDir} is in use by another running copy of the stack (pid ${pid}). Stop that copy, ` +
          `or start this one with --memory or another --workdir (no copy running? delete ${file}).`,
      );
    fs.rmSync(file, { force: true });
  }
  throw new StackStartError('data folder', `could not claim ${dataDir}`);
}

export async function startStack(opts: StackOptions): Promise<Stack> {
  const log = opts.log ?? ((m: string) => console.log(m));
  const host = opts.host ?? '127.0.0.1';
  const workdir = resolveProjectDir(opts.workdir);
  const config = loadConfig(workdir);
  opts.configure?.(config);
  const dataDir = opts.dataDir === undefined ? path.join(workdir, '.data') : opts.dataDir;
  const apiPort = opts.ports?.api ?? config.api.port;
  const inboxPort = opts.ports?.inbox ?? config.inbox.port;
  const dbPort = opts.ports?.db ?? config.db.port;
  // Everything that can be refused is checked before the database is touched: the data folder, then the ports.
  const unlock = dataDir ? lockDataDir(dataDir) : () => undefined;
  // What started so far, stopped again (in reverse) when a later part fails.
  const undo: (() => Promise<void> | void)[] = [unlock];
  const fail = async (e: unknown): Promise<never> => {
    for (const fn of undo.reverse()) await Promise.resolve(fn()).catch(() => undefined);
    throw e;
  };
  try {
    await probe(API, apiPort, host);
    await probe(INBOX, inboxPort, host);
    if (!opts.databaseUrl) await probe(DB, dbPort, host);
    if (opts.reset && dataDir) {
      for (const f of fs.readdirSync(dataDir))
        if (f !== 'stack.pid') fs.rmSync(path.join(dataDir, f), { recursive: true, force: true });
    }
  } catch (e) {
    return fail(e);
  }
  const db = await (
    opts.database
      ? Promise.resolve(opts.database)
      : openDb({
          databaseUrl: opts.databaseUrl,
          dataDir: dataDir ? path.join(dataDir, 'pglite') : null,
          durability: opts.durability ?? 'synced',
        })
  ).catch((e: unknown) =>
    fail(
      e instanceof StackStartError ? e : new StackStartError('database', e instanceof Error ? e.message : String(e)),
    ),
  );
  undo.push(() => db.close());
  await migrate(db, { ...migrationPlan({ workdir, configure: opts.configure, seed: opts.seed }), log }).catch(fail);
  const filesDir = dataDir
    ? path.join(dataDir, 'storage')
    : fs.mkdtempSync(path.join(os.tmpdir(), 'guestmap-storage-'));
  fs.mkdirSync(filesDir, { recursive: true });
  if (!dataDir) undo.push(() => fs.rmSync(filesDir, { recursive: true, force: true }));
  const closers: (() => Promise<void> | void)[] = [];
  const router = new Router();
  const mailbox = new Mailbox();
  // Idle keep-alive connections are kept longer than clients keep theirs (Node's agents 5 s, browsers 60 s
  // and more are closed by the client first): with Node's default of 5 s on both sides, a client reused a
  // socket the server was closing at that moment (ECONNRESET on a refresh request in a browser test).
  const server = http.createServer();
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
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
  undo.push(async () => {
    for (const fn of [...closers].reverse()) await fn();
  });
  const port = await listenFor(server, API, apiPort, host).catch(fail);
  undo.push(() => new Promise<void>((r) => server.close(() => r())));
  ctx.apiUrl = `http://${host}:${port}`;
  const inbox = await startInbox(ctx, inboxPort, host).catch((e: unknown) =>
    fail(portError(e, INBOX, inboxPort, host)),
  );
  undo.push(() => new Promise<void>((r) => inbox.close(() => r())));
  if (opts.outbox !== false) startOutbox(ctx);
  const inboxAt = (inbox.address() as net.AddressInfo).port;
  let dbUrl: string | null = opts.databaseUrl ?? null;
  let wireStop: (() => Promise<void>) | null = null;
  if (db.kind === 'pglite') {
    const wire = await startWireServer(db, dbPort, host).catch((e: unknown) => fail(portError(e, DB, dbPort, host)));
    dbUrl = `postgresql://postgres:postgres@${host}:${wire.port}/postgres`;
    wireStop = wire.stop;
  }
  return {
    apiUrl: ctx.apiUrl,
    inboxUrl: `http://${host}:${inboxAt}`,
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
      unlock();
    },
  };
}
