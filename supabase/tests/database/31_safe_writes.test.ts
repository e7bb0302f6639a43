// Hosted Supabase loads safeupdate for the Data API's sessions: an UPDATE or DELETE without a WHERE clause is
// refused ("DELETE requires a WHERE clause", SQLSTATE 21000), inside functions too, whichever role a function runs
// as (issue 42). On the PostgreSQL-server path the stack refuses the same (its module local-stack/pg/safe-writes,
// preloaded by the test server); PGlite cannot load it, so this file also reads every function body in the migrated
// database and every migration not yet shipped, with PostgreSQL's own parser (libpg-query), and fails on any such
// statement. Then the two journeys that failed on hosted (deleting a place that has analytics events, deleting a
// customer) run as the roles that do them in the product, on both backends.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadModule, parsePlPgSQLSync, parseSync } from 'libpg-query';
import {
  BACKENDS,
  repoSupabaseDir,
  startTestStack,
  stopPgServer,
  type TestStack,
} from '@guestmap/local-stack/testing/stack.ts';
import { HOTEL_A, HOTEL_B, asPersona, asRole, asSuper, sqlError } from './support.ts';

afterAll(stopPgServer);

type Node = unknown;

/** Every UPDATE or DELETE without WHERE in a parsed SQL tree (data-modifying WITH and nested ones included). */
function bareWrites(tree: Node, out: string[] = []): string[] {
  if (Array.isArray(tree)) {
    for (const t of tree) bareWrites(t, out);
    return out;
  }
  if (!tree || typeof tree !== 'object') return out;
  for (const [key, value] of Object.entries(tree as Record<string, Node>)) {
    if ((key === 'DeleteStmt' || key === 'UpdateStmt') && value && typeof value === 'object') {
      const stmt = value as { whereClause?: unknown; relation?: { schemaname?: string; relname?: string } };
      if (!stmt.whereClause) {
        const rel = [stmt.relation?.schemaname, stmt.relation?.relname].filter(Boolean).join('.');
        out.push(`${key === 'DeleteStmt' ? 'DELETE' : 'UPDATE'} ${rel} without WHERE`);
      }
    }
    bareWrites(value, out);
  }
  return out;
}

/** The SQL texts a PL/pgSQL function runs (its statements and expressions; EXECUTE strings are not readable). */
function plpgsqlQueries(tree: Node, out: string[] = []): string[] {
  if (Array.isArray(tree)) {
    for (const t of tree) plpgsqlQueries(t, out);
    return out;
  }
  if (!tree || typeof tree !== 'object') return out;
  for (const [key, value] of Object.entries(tree as Record<string, Node>)) {
    if (key === 'PLpgSQL_expr' && value && typeof value === 'object') {
      const q = (value as { query?: string }).query;
      if (q) out.push(q);
    }
    plpgsqlQueries(value, out);
  }
  return out;
}

function parseQuery(q: string): Node {
  try {
    return parseSync(q);
  } catch {
    // an expression (an assignment's right side, a condition), not a statement
    try {
      return parseSync(`select ${q}`);
    } catch {
      return null;
    }
  }
}

/** Bare writes in one function: its language, its `create function` statement and (SQL functions) its body text. */
function functionBareWrites(language: string, definition: string, body = ''): string[] {
  if (language === 'sql')
    return [...bareWrites(parseSync(definition)), ...(body.trim() ? bareWrites(parseSync(body)) : [])];
  if (language !== 'plpgsql') return [];
  return plpgsqlQueries(parsePlPgSQLSync(definition)).flatMap((q) => bareWrites(parseQuery(q)));
}

interface ParsedStmt {
  stmt: Record<string, Node>;
  stmt_location?: number;
  stmt_len?: number;
}

/** Bare writes in a migration file: its own statements, the bodies of the functions it defines, its DO blocks. */
function migrationBareWrites(sql: string): string[] {
  const out: string[] = [];
  const text = Buffer.from(sql);
  for (const { stmt, stmt_location = 0, stmt_len } of (parseSync(sql) as { stmts: ParsedStmt[] }).stmts) {
    const [kind, node] = Object.entries(stmt)[0] as [string, Record<string, Node>];
    const own = text.subarray(stmt_location, stmt_len ? stmt_location + stmt_len : undefined).toString();
    const opts = ((kind === 'DoStmt' ? node.args : node.options) ?? []) as {
      DefElem: { defname: string; arg: Node };
    }[];
    const str = (n: Node): string | undefined => (n as { String?: { sval: string } })?.String?.sval;
    const language = str(opts.find((o) => o.DefElem.defname === 'language')?.DefElem.arg) ?? 'plpgsql';
    if (kind === 'CreateFunctionStmt') {
      const as = opts.find((o) => o.DefElem.defname === 'as')?.DefElem.arg as { List?: { items: Node[] } } | undefined;
      out.push(...functionBareWrites(language, own, str(as?.List?.items[0])));
    } else if (kind === 'DoStmt') {
      const body = str(opts.find((o) => o.DefElem.defname === 'as')?.DefElem.arg) ?? '';
      out.push(
        ...functionBareWrites(
          language,
          `create function pg_temp.f() returns void language ${language} as $scan$${body}$scan$`,
          body,
        ),
      );
    } else out.push(...bareWrites(stmt));
  }
  return out;
}

const migrationsDir = path.join(repoSupabaseDir, 'migrations');
const shipped = new Set(
  fs
    .readFileSync(path.join(repoSupabaseDir, 'migrations-shipped.txt'), 'utf8')
    .split('\n')
    .map((l) => l.trim().split(/\s+/)[1])
    .filter(Boolean),
);

describe('no UPDATE or DELETE without WHERE (what safeupdate refuses on hosted)', () => {
  let s: TestStack;
  beforeAll(async () => {
    await loadModule();
    s = await startTestStack('pglite');
  }, 120_000);
  afterAll(() => s?.stop());

  it('the scanner finds the bare DELETE the shipped rollups trigger had, and accepts `where true`', () => {
    const shippedFn = fs.readFileSync(path.join(migrationsDir, '20261126100600_scale_overview.sql'), 'utf8');
    expect(migrationBareWrites(shippedFn)).toEqual(['DELETE pg_temp.analytics_rollup_delta without WHERE']);
    expect(
      migrationBareWrites(
        'create function f() returns int language sql as $$ update t set a = 1 where true returning 1 $$;' +
          'do $$ begin with d as (delete from t) select 1; end $$; create function g() returns void language sql begin atomic; delete from u; end;',
      ),
    ).toEqual(['DELETE t without WHERE', 'DELETE u without WHERE']);
  });

  it('every function in the migrated database qualifies its UPDATEs and DELETEs', async () => {
    const { rows } = await s.db.query<{ name: string; language: string; definition: string; body: string }>(
      `select p.oid::regprocedure::text as name, l.lanname as language, pg_get_functiondef(p.oid) as definition,
              p.prosrc as body
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace join pg_language l on l.oid = p.prolang
       where n.nspname not in ('pg_catalog', 'information_schema', 'extensions', 'auth', 'storage', 'realtime',
                               'supabase_migrations', 'pg_toast')
         and l.lanname in ('sql', 'plpgsql')`,
    );
    expect(rows.length).toBeGreaterThan(50);
    const found = rows.flatMap((r) =>
      functionBareWrites(r.language, r.definition, r.body).map((w) => `${r.name}: ${w}`),
    );
    expect(found).toEqual([]);
  });

  it('every migration not yet shipped qualifies its UPDATEs and DELETEs (its statements and its functions)', () => {
    const found: string[] = [];
    for (const f of fs.readdirSync(migrationsDir).filter((f) => f.endsWith('.sql') && !shipped.has(f))) {
      found.push(...migrationBareWrites(fs.readFileSync(path.join(migrationsDir, f), 'utf8')).map((w) => `${f}: ${w}`));
    }
    expect(found).toEqual([]);
  });
});

describe.each(BACKENDS)('the delete journeys under safeupdate (%s)', (backend) => {
  let s: TestStack;
  beforeAll(async () => {
    s = await startTestStack(backend);
  }, 120_000);
  afterAll(() => s?.stop());

  it.runIf(backend === 'postgres')(
    'the server refuses a bare DELETE or UPDATE from the Data API roles, as hosted',
    async () => {
      const preload = (await s.db.query<{ v: string }>('select current_setting($1) as v', ['shared_preload_libraries']))
        .rows[0]!.v;
      expect(preload, 'build the module: make -C local-stack/pg/safe-writes install').toContain('guestmap_safe_writes');
      for (const role of ['anon', 'authenticated', 'service_role'] as const) {
        const err = await sqlError(asRole(s.db, role, 'delete from public.favourites'));
        expect(err).toMatchObject({ code: '21000', message: 'DELETE requires a WHERE clause' });
      }
      const upd = await sqlError(asRole(s.db, 'service_role', 'update public.favourites set created_at = created_at'));
      expect(upd).toMatchObject({ code: '21000', message: 'UPDATE requires a WHERE clause' });
      // a session acting as postgres (migrations, psql) is not checked, as on hosted
      await s.db.transaction(async (tx) => {
        await tx.query('update public.favourites set created_at = created_at');
      });
    },
  );

  it('a moderator deletes a place that has analytics events', async () => {
    const { rows } = await s.db.query<{ id: string }>(
      `select a.id from public.activities a where a.customer_id = $1
         and exists (select 1 from public.analytics_events e where e.activity_id = a.id) limit 1`,
      [HOTEL_A],
    );
    const place = rows[0]!.id;
    const left = await asPersona(s.db, 'moderatorA', async (tx) => {
      const del = await tx.query('delete from public.activities where id = $1 returning id', [place]);
      expect(del.rows).toHaveLength(1);
      await asSuper(tx);
      return (await tx.query('select 1 from public.analytics_events where activity_id = $1', [place])).rows.length;
    });
    expect(left).toBe(0);
  });

  it('an admin deletes a customer (its events, places and rollups go with it)', async () => {
    const gone = await asPersona(s.db, 'admin', async (tx) => {
      const del = await tx.query('delete from public.customers where id = $1 returning id', [HOTEL_B]);
      expect(del.rows).toHaveLength(1);
      await asSuper(tx);
      return (
        await tx.query('select count(*)::int as n from public.analytics_events where customer_id = $1', [HOTEL_B])
      ).rows[0] as { n: number };
    });
    expect(gone.n).toBe(0);
  });
});
