// Starts the stack for a test file on a chosen backend: PGlite in memory, or a fresh database on a
// throwaway PostgreSQL server. Ports are picked freely so test files can run side by side.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { startStack, type Stack, type StackOptions } from '../src/stack.ts';
import { pgServerAt, startPgServer, type PgServer } from './pg-server.ts';
import { imagesDir, migratedTemplate, openMigratedPglite } from './image.ts';

export type Backend = 'pglite' | 'postgres';
export const BACKENDS: Backend[] = ['pglite', 'postgres'];
/** This package's folder (local-stack/): its own fixtures live under tests/fixtures. */
export const stackDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The repository's Supabase CLI project (supabase/): the app's config.toml, migrations and seed. */
export const repoSupabaseDir = path.resolve(stackDir, '../supabase');

export interface TestStack extends Stack {
  backend: Backend;
  anon: () => SupabaseClient;
  service: () => SupabaseClient;
  /** A client with its own session storage (each "browser"). */
  client: (key?: string) => SupabaseClient;
}

let pgServer: PgServer | null = null;
/**
 * Set by testing/global-setup.ts: the base URL (`postgresql://supabase_admin@host:port`) of one PostgreSQL server
 * shared by all test files of a run, instead of a server started by each file.
 */
export const SHARED_PG_ENV = 'GUESTMAP_TEST_PG';
let dbCounter = 0;

export async function startTestStack(backend: Backend, opts: Partial<StackOptions> = {}): Promise<TestStack> {
  const workdir = opts.workdir ?? repoSupabaseDir;
  let databaseUrl: string | undefined;
  let dropDatabase: () => Promise<void> = async () => undefined;
  if (backend === 'postgres') {
    const shared = process.env[SHARED_PG_ENV];
    pgServer ??= shared ? await pgServerAt((db = 'postgres') => `${shared}/${db}`) : await startPgServer();
    const server = pgServer;
    // A copy of the run's migrated template (testing/image.ts); without one (a project whose migrations fail)
    // the stack migrates the empty database itself and fails as it would.
    const template =
      imagesDir !== 'off'
        ? await migratedTemplate(server, { workdir, configure: opts.configure, seed: opts.seed }).catch(() => undefined)
        : undefined;
    const name = `t_${process.pid}_${++dbCounter}_${Date.now()}`;
    databaseUrl = await server.createDatabase(name, template);
    // On the server shared by the run's files, each database goes with its stack (a file's own server goes whole).
    if (shared) dropDatabase = () => server.dropDatabase(name);
  }
  // In memory on PGlite: a database from the run's migrated image (testing/image.ts). A project whose
  // migrations fail makes none: the stack then applies them itself and fails as it would without one.
  const inMemory = backend === 'pglite' && (opts.dataDir ?? null) === null && !opts.database;
  const database =
    inMemory && imagesDir !== 'off'
      ? await openMigratedPglite({ workdir, configure: opts.configure, seed: opts.seed }).catch(() => undefined)
      : opts.database;
  const stack = await startStack({
    workdir,
    dataDir: null,
    databaseUrl,
    database,
    ports: { api: 0, db: 0, inbox: 0 },
    log: () => undefined,
    ...opts,
  }).catch(async (e: unknown) => {
    // A stack that failed before taking the database over leaves it open.
    await database?.close().catch(() => undefined);
    throw e;
  });
  const make = (key: string) =>
    createClient(stack.apiUrl, key, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
    });
  const origStop = stack.stop;
  return {
    ...stack,
    backend,
    anon: () => make(stack.config.auth.anonKey),
    service: () => make(stack.config.auth.serviceRoleKey),
    client: (key = stack.config.auth.anonKey) => make(key),
    stop: async () => {
      await origStop();
      await dropDatabase().catch(() => undefined);
    },
  };
}

/** Stops the shared PostgreSQL server (call in a file's afterAll when it used 'postgres'). */
export async function stopPgServer(): Promise<void> {
  await pgServer?.stop();
  pgServer = null;
}
