// REST A/B bench: two versions of the stack in one process (a "before" checkout's local-stack/ and this one), on the
// same throwaway PostgreSQL server (or each its own PGlite), the bench's read (a parent and 200 embedded children,
// anon) and write (an insert under RLS, signed in) sent in alternating batches (the order swapped each round), so
// the load of a shared machine falls on both alike. Prints req/s, p50/p95/mean latency and CPU ms per request.
// Run: npx tsx bench/rest-ab.ts <before>/local-stack . postgres|pglite   (ROUNDS=30 BATCH=40 OPS=read,write)
import crypto from 'node:crypto';
import path from 'node:path';
import { BENCH_SCHEMA } from './bench-schema.ts';
const [dirA, dirB] = [path.resolve(process.argv[2]!), path.resolve(process.argv[3] ?? '.')];
const backend = process.argv[4] ?? 'postgres';
const ROUNDS = Number(process.env.ROUNDS ?? 40),
  BATCH = Number(process.env.BATCH ?? 40);
const { startPgServer } = await import(dirB + '/testing/pg-server.ts');
const server =
  backend === 'postgres'
    ? await startPgServer(process.env.PGRST_AB_PG_PORT ? { port: Number(process.env.PGRST_AB_PG_PORT) } : {})
    : null;
async function side(dir: string, name: string) {
  const { startStack } = await import(dir + '/src/stack.ts');
  const { signJwt } = await import(dir + '/src/jwt.ts');
  const url = server ? await server.createDatabase('ab_' + name) : undefined;
  const stack = await startStack({
    workdir: dir + '/../supabase',
    dataDir: null,
    databaseUrl: url,
    seed: false,
    ports: { api: 0, db: 0, inbox: 0 },
    log: () => undefined,
  });
  await stack.db.exec(BENCH_SCHEMA);
  const uid = crypto.randomUUID();
  await stack.db.query(
    `insert into auth.users (id, email, aud, role, created_at, updated_at) values ($1, 'b@example.com', 'authenticated', 'authenticated', now(), now())`,
    [uid],
  );
  const token = signJwt(
    { sub: uid, role: 'authenticated', aud: 'authenticated', exp: Math.floor(Date.now() / 1000) + 3600 },
    stack.config.auth.jwtSecret,
  );
  const k = stack.config.auth.anonKey;
  const base = { apikey: k, 'X-Client-Info': 'supabase-js-node/2.119.1', 'Accept-Encoding': 'gzip, deflate' };
  const read = async () => {
    const r = await fetch(
      `${stack.apiUrl}/rest/v1/bench_parents?select=id%2Cname%2Cbench_children%28id%2Clabel%2Camount%2Ccreated_at%29&id=eq.1`,
      { headers: { ...base, Authorization: `Bearer ${k}`, Accept: 'application/vnd.pgrst.object+json' } },
    );
    const j = await r.json();
    if (j.bench_children.length !== 200) throw new Error('bad read');
  };
  const write = async () => {
    const r = await fetch(`${stack.apiUrl}/rest/v1/bench_notes`, {
      method: 'POST',
      headers: { ...base, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: 'note' }),
    });
    await r.arrayBuffer();
    if (r.status !== 201) throw new Error('bad write ' + r.status);
  };
  return {
    name,
    stack,
    ops: { read, write } as Record<string, () => Promise<void>>,
    lat: { read: [] as number[], write: [] as number[] } as Record<string, number[]>,
    time: { read: 0, write: 0 } as Record<string, number>,
    cpu: { read: 0, write: 0 } as Record<string, number>,
  };
}
process.on('uncaughtException', async (e) => {
  console.error(e);
  await server?.stop();
  process.exit(1);
});
const sides = [await side(dirA, 'before'), await side(dirB, 'after')];
async function batch(s: (typeof sides)[0], op: string) {
  let next = 0;
  const t = performance.now();
  const c0 = process.cpuUsage();
  await Promise.all(
    [0, 1, 2, 3].map(async () => {
      while (next++ < BATCH) {
        const t0 = performance.now();
        await s.ops[op]!();
        s.lat[op]!.push(performance.now() - t0);
      }
    }),
  );
  s.time[op]! += performance.now() - t;
  const c1 = process.cpuUsage(c0);
  s.cpu[op] = (s.cpu[op] ?? 0) + (c1.user + c1.system) / 1000;
}
for (const s of sides) for (const op of ['read', 'write']) for (let i = 0; i < 3; i++) await batch(s, op);
for (const s of sides)
  for (const op of ['read', 'write']) {
    s.lat[op] = [];
    s.time[op] = 0;
    s.cpu[op] = 0;
  }
const loads: string[] = [];

for (let r = 0; r < ROUNDS; r++) {
  if (r % 10 === 0) loads.push((await import('node:fs')).readFileSync('/proc/loadavg', 'utf8').split(' ')[0]!);
  for (const op of (process.env.OPS ?? 'read,write').split(',')) {
    const order = r % 2 ? [sides[1]!, sides[0]!] : [sides[0]!, sides[1]!];
    for (const s of order) await batch(s, op);
  }
}
const q = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(p * (s.length - 1))]!;
};
console.log(`${backend}: ${ROUNDS} rounds x ${BATCH} requests per side and case, 4 in flight; load ${loads.join(' ')}`);
for (const op of (process.env.OPS ?? 'read,write').split(','))
  for (const s of sides)
    console.log(
      op.padEnd(6),
      s.name.padEnd(7),
      'req/s',
      (s.lat[op]!.length / (s.time[op]! / 1000)).toFixed(0).padStart(5),
      ' p50',
      q(s.lat[op]!, 0.5).toFixed(2),
      ' p95',
      q(s.lat[op]!, 0.95).toFixed(2),
      ' mean',
      (s.lat[op]!.reduce((a, b) => a + b, 0) / s.lat[op]!.length).toFixed(2),
      ' cpu ms/req',
      (s.cpu[op]! / s.lat[op]!.length).toFixed(3),
    );
for (const s of sides) await s.stack.stop();
await server?.stop();
