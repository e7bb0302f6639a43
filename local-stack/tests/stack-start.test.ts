import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestStack, stopPgServer, type TestStack } from '../testing/stack.ts';

afterAll(stopPgServer);

describe.each(BACKENDS)('stack bootstrap on %s', (backend) => {
  let s: TestStack;
  beforeAll(async () => {
    s = await startTestStack(backend, { seed: false });
  });
  afterAll(async () => {
    await s?.stop();
  });

  it('creates the hosted roles, schemas and auth helpers, and answers /health', async () => {
    const roles = await s.db.query<{ rolname: string }>(
      "select rolname from pg_roles where rolname in ('anon','authenticated','service_role','supabase_auth_admin','authenticator') order by 1",
    );
    expect(roles.rows.map((r) => r.rolname)).toEqual([
      'anon',
      'authenticated',
      'authenticator',
      'service_role',
      'supabase_auth_admin',
    ]);
    const sub = await s.db.transaction(async (tx) => {
      await tx.query(
        `select set_config('request.jwt.claims', '{"sub":"00000000-0000-0000-0000-000000000001","role":"authenticated"}', true)`,
      );
      return (await tx.query<{ uid: string; role: string }>('select auth.uid()::text as uid, auth.role() as role'))
        .rows[0];
    });
    expect(sub).toEqual({ uid: '00000000-0000-0000-0000-000000000001', role: 'authenticated' });
    const pub = await s.db.query("select 1 from pg_publication where pubname = 'supabase_realtime'");
    expect(pub.rows).toHaveLength(1);
    const res = await fetch(`${s.apiUrl}/health`);
    expect(res.status).toBe(200);
  });

  it('records each applied migration once, as the Supabase CLI does', async () => {
    const { rows } = await s.db.query<{ version: string }>(
      'select version from supabase_migrations.schema_migrations order by version',
    );
    const versions = rows.map((r) => r.version);
    expect(versions.length).toBeGreaterThan(0);
    expect(new Set(versions).size).toBe(versions.length);
  });
});
