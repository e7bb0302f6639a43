// Vitest global setup (supabase/vitest.config.ts): one PostgreSQL server for all test files of the run, where
// each file started its own (initdb and a server start per file, every migration again per database). The
// files then create their databases as copies of one migrated template (testing/image.ts) and drop them when
// their stacks stop. Only for projects whose migrations change no cluster-wide state (roles, role settings):
// local-stack's own fixtures set role settings for their tests, so its files keep a server each.
import { postgresAvailable, startPgServer, type PgServer } from './pg-server.ts';
import { SHARED_PG_ENV } from './stack.ts';

let server: PgServer | null = null;

export async function setup(): Promise<void> {
  if (!postgresAvailable() || process.env[SHARED_PG_ENV]) return;
  // Two workers, each file up to a few stacks of 10 pooled connections, and race tests with 20 more.
  server = await startPgServer({ maxConnections: 300 });
  process.env[SHARED_PG_ENV] = server.url('').replace(/\/$/, '');
}

export async function teardown(): Promise<void> {
  await server?.stop();
  server = null;
}
