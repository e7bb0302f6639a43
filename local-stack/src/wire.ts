// Postgres wire-protocol access to the embedded PGlite database (psql, pg clients), on the
// Supabase CLI's db port. PGlite has one session: clients take turns.
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import type { Db } from './db/db.ts';

export async function startWireServer(
  db: Db,
  port: number,
  host: string,
): Promise<{ port: number; stop: () => Promise<void> }> {
  if (!db.pglite) throw new Error('wire server needs PGlite');
  const server = new PGLiteSocketServer({ db: db.pglite, port, host, maxConnections: 8 });
  await server.start();
  const addr = (server as unknown as { server?: { address(): { port: number } | null } }).server?.address();
  return { port: addr?.port ?? port, stop: () => server.stop() };
}
