// Starts the stack for a test file on a chosen backend: PGlite in memory, or a fresh database on a
// throwaway PostgreSQL server. Ports are picked freely so test files can run side by side.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { startStack, type Stack, type StackOptions } from '../src/stack.ts';
import { startPgServer, type PgServer } from './pg-server.ts';

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
let dbCounter = 0;

export async function startTestStack(backend: Backend, opts: Partial<StackOptions> = {}): Promise<TestStack> {
  let databaseUrl: string | undefined;
  if (backend === 'postgres') {
    pgServer ??= await startPgServer();
    databaseUrl = await pgServer.createDatabase(`t_${process.pid}_${++dbCounter}_${Date.now()}`);
  }
  const stack = await startStack({
    workdir: opts.workdir ?? repoSupabaseDir,
    dataDir: null,
    databaseUrl,
    ports: { api: 0, db: 0, inbox: 0 },
    log: () => undefined,
    ...opts,
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
    },
  };
}

/** Stops the shared PostgreSQL server (call in a file's afterAll when it used 'postgres'). */
export async function stopPgServer(): Promise<void> {
  await pgServer?.stop();
  pgServer = null;
}
