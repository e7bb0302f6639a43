// The live profile: Postgres Changes or Broadcast from the database (issue 42, item 5). On the app's own
// project (migrations and seed), N signed-in users each follow their own profile, once with a filtered
// postgres_changes subscription (what the shell did before 2026-12-03) and once on the private broadcast topic
// `profile:<id>` (what it does now). Then profiles change one at a time, and all at once, as an administrator
// would; the bench prints how long each change took to reach its user, the stack's CPU per change, the joins'
// time, and any delivery to a user it was not meant for (must be 0). Figures only: nothing here fails on time.
//
// Run: pnpm --filter @guestmap/supabase exec tsx bench/live-profile-bench.ts   (BENCH_USERS=…, BENCH_BACKEND=pglite|postgres)
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { startTestStack, stopPgServer, type TestStack } from '@guestmap/local-stack/testing/stack.ts';
import { waitFor } from '@guestmap/local-stack/testing/wait.ts';

const USERS = Math.max(10, Math.min(500, Number(process.env.BENCH_USERS ?? 100)));
const ONE_BY_ONE = 100;
const backends = (process.env.BENCH_BACKEND ?? 'pglite,postgres').split(',') as ('pglite' | 'postgres')[];
type Method = 'postgres_changes' | 'broadcast';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
// Delivery times are measured to the millisecond: poll often, and give a slow machine a minute.
const BENCH_WAIT = { timeoutMs: 60_000, everyMs: 2 };
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;
const ms = (x: number) => x.toFixed(1);

interface Follower {
  id: string;
  client: SupabaseClient;
  channel?: RealtimeChannel;
  names: string[];
}

async function users(s: TestStack): Promise<Follower[]> {
  const admin = s.service();
  const out: Follower[] = [];
  const stamp = Date.now().toString(36);
  for (let i = 0; i < USERS; i++) {
    const email = `live-${stamp}-${i}@bench.test`;
    const { data, error } = await admin.auth.admin.createUser({
      email,
      password: 'bench-pass-123',
      email_confirm: true,
    });
    if (error) throw error;
    // Signed in as the shell is (a session, whose token realtime-js sends on every join and rejoin).
    const client = s.client();
    const signIn = await client.auth.signInWithPassword({ email, password: 'bench-pass-123' });
    if (signIn.error) throw signIn.error;
    out.push({ id: data.user.id, client, names: [] });
  }
  return out;
}

async function follow(fs: Follower[], method: Method): Promise<number> {
  const t = performance.now();
  let joined = 0;
  for (const f of fs) {
    f.names = [];
    const ch =
      method === 'broadcast'
        ? f.client
            .channel(`profile:${f.id}`, { config: { private: true } })
            .on('broadcast', { event: 'UPDATE' }, (m) => {
              const name = (m.payload as { record?: { display_name?: string } }).record?.display_name;
              if (name) f.names.push(name);
            })
        : f.client
            .channel(`profile-pc:${f.id}`)
            .on(
              'postgres_changes',
              { event: 'UPDATE', schema: 'public', table: 'profiles', filter: `id=eq.${f.id}` },
              (p) => {
                const name = (p.new as { display_name?: string }).display_name;
                if (name) f.names.push(name);
              },
            );
    ch.subscribe((status) => {
      if (status === 'SUBSCRIBED') joined++;
    });
    f.channel = ch;
  }
  await waitFor(() => joined === fs.length, `${method}: every join`, BENCH_WAIT);
  return performance.now() - t;
}

async function measure(s: TestStack, fs: Follower[], method: Method) {
  const joinMs = await follow(fs, method);
  await sleep(300);
  const admin = s.service();
  const latencies: number[] = [];
  const meantFor = new Map<string, string>();
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < ONE_BY_ONE; i++) {
    const f = fs[i % fs.length]!;
    const name = `${method}-${i}`;
    meantFor.set(name, f.id);
    const t = performance.now();
    const { error } = await admin.from('profiles').update({ display_name: name }).eq('id', f.id);
    if (error) throw error;
    await waitFor(() => f.names.includes(name), `${method}: change ${i}`, BENCH_WAIT);
    latencies.push(performance.now() - t);
  }
  const cpu = process.cpuUsage(cpu0);
  // Every user's profile changed at once (an administrator's bulk action): until the last one has heard.
  const t = performance.now();
  for (const f of fs) meantFor.set(`${method}-all-${f.id}`, f.id);
  await Promise.all(
    fs.map((f) =>
      admin
        .from('profiles')
        .update({ display_name: `${method}-all-${f.id}` })
        .eq('id', f.id),
    ),
  );
  await waitFor(() => fs.every((f) => f.names.includes(`${method}-all-${f.id}`)), `${method}: the burst`, BENCH_WAIT);
  const burstMs = performance.now() - t;
  await sleep(300);
  // A user hears their own changes only.
  const strays = fs.reduce((n, f) => n + f.names.filter((name) => meantFor.get(name) !== f.id).length, 0);
  for (const f of fs) await f.client.removeChannel(f.channel!);
  await sleep(300);
  return {
    method,
    'joins (ms, all)': ms(joinMs),
    'one change: median ms': ms(pct(latencies, 0.5)),
    'p95 ms': ms(pct(latencies, 0.95)),
    'stack+bench CPU per change (ms)': ms((cpu.user + cpu.system) / 1000 / ONE_BY_ONE),
    [`all ${fs.length} at once (ms)`]: ms(burstMs),
    'deliveries to another user': strays,
  };
}

for (const backend of backends) {
  // One address signs every bench user in: the per-IP sign-in limit is lifted for this stack only.
  const s = await startTestStack(backend, {
    configure: (c) => {
      c.auth.rateLimit.signInSignUps = 1_000_000;
      c.auth.rateLimit.tokenRefresh = 1_000_000; // password sign-ins count here, as in GoTrue
    },
  });
  try {
    const fs = await users(s);
    const rows = [];
    // Interleaved, twice each, so neither method has the warmer start.
    for (const method of ['postgres_changes', 'broadcast', 'postgres_changes', 'broadcast'] as Method[]) {
      rows.push(await measure(s, fs, method));
    }
    console.log(
      `\nlive profile, ${backend}, ${USERS} users following their own profile, ${ONE_BY_ONE} changes one by one:`,
    );
    console.table(rows);
    for (const f of fs) await f.client.realtime.disconnect();
  } finally {
    await s.stop();
  }
}
await stopPgServer();
