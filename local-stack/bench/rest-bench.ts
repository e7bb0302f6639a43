// REST benchmark: a typical read (one parent with 200 embedded children, as anon) and a typical
// write under RLS (an insert as a signed-in user), and the guest map's own requests on the demo data,
// on PGlite and on a throwaway PostgreSQL server.
// Prints requests/second and p50/p95 latency. Bounded loops, loopback only.
// Then: a simple GET's latency while an anonymous request runs up to its statement timeout (a 10 s
// function cancelled at anon's 3 s), and when that request is cancelled.
// Run: pnpm --filter @guestmap/local-stack bench   (BENCH_N=… to change the number of requests)
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { startStack, type Stack } from '../src/stack.ts';
import { signJwt } from '../src/jwt.ts';
import { postgresAvailable, startPgServer, type PgServer } from '../testing/pg-server.ts';
import { runSlowProbe } from '../testing/slow-probe.ts';
import { BENCH_SCHEMA } from './bench-schema.ts';

const stackDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The app's Supabase project (its migrations and demo data): the guest map's requests run on it.
const workdir = path.resolve(stackDir, '../supabase');
const N = Math.max(10, Math.min(5000, Number(process.env.BENCH_N ?? 300)));
const CONCURRENCY = 4;

interface Result {
  backend: string;
  op: string;
  rps: number;
  p50: number;
  p95: number;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};

async function measure(backend: string, op: string, fn: () => Promise<void>): Promise<Result> {
  for (let i = 0; i < Math.min(20, N); i++) await fn(); // warm-up (schema cache, JIT)
  const lat: number[] = [];
  let next = 0;
  const t0 = performance.now();
  const worker = async () => {
    while (next < N) {
      next++;
      const s = performance.now();
      await fn();
      lat.push(performance.now() - s);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const secs = (performance.now() - t0) / 1000;
  return { backend, op, rps: N / secs, p50: pct(lat, 50), p95: pct(lat, 95) };
}

async function benchOne(backend: 'pglite' | 'postgres', pg: PgServer | null): Promise<Result[]> {
  const databaseUrl = pg ? await pg.createDatabase(`bench_${process.pid}_${Date.now()}`) : undefined;
  const stack: Stack = await startStack({
    workdir,
    dataDir: null,
    databaseUrl,
    seed: false,
    ports: { api: 0, db: 0, inbox: 0 },
    log: () => undefined,
  });
  try {
    await stack.db.exec(BENCH_SCHEMA);
    const opts = { realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket } };
    const anon: SupabaseClient = createClient(stack.apiUrl, stack.config.auth.anonKey, opts);
    const uid = crypto.randomUUID();
    await stack.db.query(
      `insert into auth.users (id, email, aud, role, created_at, updated_at) values ($1, 'bench@example.com', 'authenticated', 'authenticated', now(), now())`,
      [uid],
    );
    const token = signJwt(
      { sub: uid, role: 'authenticated', aud: 'authenticated', exp: Math.floor(Date.now() / 1000) + 3600 },
      stack.config.auth.jwtSecret,
    );
    const user: SupabaseClient = createClient(stack.apiUrl, stack.config.auth.anonKey, {
      ...opts,
      accessToken: async () => token,
    });
    const read = await measure(backend, 'read: parent + 200 children (anon)', async () => {
      const { data, error } = await anon
        .from('bench_parents')
        .select('id, name, bench_children(id, label, amount, created_at)')
        .eq('id', 1)
        .single();
      if (error || (data as { bench_children: unknown[] }).bench_children.length !== 200)
        throw new Error(`bad read: ${JSON.stringify(error)}`);
    });
    let i = 0;
    const write = await measure(backend, 'write: insert under RLS (authenticated)', async () => {
      const { error, status } = await user.from('bench_notes').insert({ title: `note ${i++}` });
      if (error || status !== 201) throw new Error(`bad write: ${JSON.stringify(error)}`);
    });
    return [read, write];
  } finally {
    await stack.stop();
  }
}

// The guest map's own requests, on the seeded demo data, as a guest sends them (anon): the hotel, its
// published places (the map's columns, in the map's order), and the analytics event of a QR scan.
const MAP_CUSTOMER = 'id, kind, name, tagline, latitude, longitude, zoom, logo_url, primary_color, cover_url, welcome';
const MAP_ACTIVITIES =
  'id, customer_id, slug, category, title, description, latitude, longitude, address, address_local, phone, website, price_level, opening_hours, photos, tags, is_partner, guest_offer, sort_order';

async function benchMap(backend: 'pglite' | 'postgres', pg: PgServer | null): Promise<Result[]> {
  const databaseUrl = pg ? await pg.createDatabase(`bench_map_${process.pid}_${Date.now()}`) : undefined;
  const stack: Stack = await startStack({
    workdir,
    dataDir: null,
    databaseUrl,
    seed: true,
    ports: { api: 0, db: 0, inbox: 0 },
    log: () => undefined,
  });
  try {
    const opts = {
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
      auth: { persistSession: false },
    };
    const anon: SupabaseClient = createClient(stack.apiUrl, stack.config.auth.anonKey, opts);
    const hotel = await measure(backend, 'map: the hotel (anon)', async () => {
      const { data, error } = await anon
        .from('customers')
        .select(MAP_CUSTOMER)
        .eq('id', 'saigon-riverside-hotel')
        .maybeSingle();
      if (error || !data) throw new Error(`bad read: ${JSON.stringify(error)}`);
    });
    const places = await measure(backend, 'map: its published places (anon)', async () => {
      const { data, error } = await anon
        .from('activities')
        .select(MAP_ACTIVITIES)
        .eq('customer_id', 'ho-chi-minh-city')
        .eq('published', true)
        .order('sort_order')
        .order('id');
      if (error || !data || data.length < 30) throw new Error(`bad read: ${JSON.stringify(error)}`);
    });
    const scan = await measure(backend, 'map: record a QR scan (anon RPC)', async () => {
      const { error } = await anon.rpc('record_event', {
        p_customer_id: 'saigon-riverside-hotel',
        p_type: 'qr_scan',
        p_activity_id: null,
        p_visitor_id: crypto.randomUUID(),
      });
      if (error) throw new Error(`bad rpc: ${JSON.stringify(error)}`);
    });
    return [hotel, places, scan];
  } finally {
    await stack.stop();
  }
}

interface SlowResult {
  backend: string;
  idleP50: number;
  /** Latency of the first simple GET, sent 200 ms after the slow request (by a client in another process). */
  first: number;
  max: number;
  gets: number;
  /** When the slow request answered (ms after it was sent), and with what. */
  slowMs: number;
  slowCode: string;
}

// One slow request cannot hold the others: simple GETs sent one after the other while an anonymous
// request spins in the database until its statement timeout cancels it.
async function benchSlow(backend: 'pglite' | 'postgres', pg: PgServer | null): Promise<SlowResult> {
  const databaseUrl = pg ? await pg.createDatabase(`bench_slow_${process.pid}_${Date.now()}`) : undefined;
  const stack: Stack = await startStack({
    workdir,
    dataDir: null,
    databaseUrl,
    seed: false,
    ports: { api: 0, db: 0, inbox: 0 },
    log: () => undefined,
  });
  try {
    await stack.db.exec(BENCH_SCHEMA);
    await stack.db.exec(fs.readFileSync(path.join(stackDir, 'tests/fixtures/rest-slow-fixture.sql'), 'utf8'));
    const headers = { apikey: stack.config.auth.anonKey };
    const simplePath = '/rest/v1/bench_parents?select=id,name&id=eq.1';
    const idle: number[] = [];
    for (let i = 0; i < 30; i++) {
      const t = performance.now();
      const r = await fetch(`${stack.apiUrl}${simplePath}`, { headers });
      if (r.status !== 200) throw new Error(`bad simple GET: ${r.status}`);
      await r.arrayBuffer();
      idle.push(performance.now() - t);
    }
    // the client runs in its own process: this one is the stack's, whose event loop PGlite occupies
    const probe = await runSlowProbe({
      url: stack.apiUrl,
      apikey: stack.config.auth.anonKey,
      simplePath,
      slowPath: '/rest/v1/rpc/fx_spin',
      slowBody: { seconds: 10 },
    });
    const during = probe.gets.map((g) => g.ms);
    const slowMs = probe.slow.ms;
    const slowCode = `${probe.slow.status} ${probe.slow.code ?? ''}`;
    return {
      backend,
      idleP50: pct(idle, 50),
      first: during[0] ?? NaN,
      max: Math.max(...during),
      gets: during.length,
      slowMs,
      slowCode,
    };
  } finally {
    await stack.stop();
  }
}

const results: Result[] = [];
const slowResults: SlowResult[] = [];
results.push(...(await benchOne('pglite', null)));
results.push(...(await benchMap('pglite', null)));
slowResults.push(await benchSlow('pglite', null));
if (postgresAvailable()) {
  const pg = await startPgServer();
  try {
    results.push(...(await benchOne('postgres', pg)));
    results.push(...(await benchMap('postgres', pg)));
    slowResults.push(await benchSlow('postgres', pg));
  } finally {
    await pg.stop();
  }
} else {
  console.log('PostgreSQL binaries not found: skipping the postgres backend');
}
console.log(`\nREST bench: ${N} requests per case, ${CONCURRENCY} in flight, loopback\n`);
console.log(
  ['backend ', 'case'.padEnd(42), 'req/s'.padStart(8), 'p50 ms'.padStart(8), 'p95 ms'.padStart(8)].join('  '),
);
for (const r of results) {
  console.log(
    [
      r.backend.padEnd(8),
      r.op.padEnd(42),
      r.rps.toFixed(0).padStart(8),
      r.p50.toFixed(1).padStart(8),
      r.p95.toFixed(1).padStart(8),
    ].join('  '),
  );
}
console.log(
  '\nA simple GET (anon, one row) while an anonymous request runs until its 3 s statement timeout cancels it\n',
);
console.log(
  [
    'backend ',
    'idle p50 ms'.padStart(12),
    'first GET ms'.padStart(13),
    'max GET ms'.padStart(11),
    'GETs'.padStart(5),
    'slow answered'.padStart(22),
  ].join('  '),
);
for (const r of slowResults) {
  console.log(
    [
      r.backend.padEnd(8),
      r.idleP50.toFixed(1).padStart(12),
      r.first.toFixed(1).padStart(13),
      r.max.toFixed(1).padStart(11),
      String(r.gets).padStart(5),
      `${r.slowCode} at ${(r.slowMs / 1000).toFixed(2)} s`.padStart(22),
    ].join('  '),
  );
}
