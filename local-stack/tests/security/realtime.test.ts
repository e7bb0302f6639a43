// Realtime, as an attacker subscribed through the real supabase-js client (issue #26): a filter must
// see no more of a row than the subscriber is sent. DELETE filters see the primary key only (hosted
// Realtime's old record with RLS or the default replica identity), so a filter on any other column,
// the e-mail of a deleted account say, never matches. Run on PGlite and on PostgreSQL 15.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { signJwt } from '../../src/jwt.ts';
import { BACKENDS, startTestStack, stopPgServer, type TestStack } from '../../testing/stack.ts';

afterAll(stopPgServer);

async function waitFor<T>(fn: () => T | undefined | false | null, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

type Change = { eventType: string; new: Record<string, unknown>; old: Record<string, unknown> };
interface Sub {
  channel: RealtimeChannel;
  changes: Change[];
  statuses: string[];
  system: unknown[];
}
type Binding = { event: '*' | 'INSERT' | 'UPDATE' | 'DELETE'; table: string; filter?: string };

function subscribe(client: SupabaseClient, name: string, binding: Binding): Sub {
  const sub: Sub = { channel: client.channel(name), changes: [], statuses: [], system: [] };
  sub.channel.on('postgres_changes' as never, { schema: 'public', ...binding } as never, (p: Change) =>
    sub.changes.push(p),
  );
  sub.channel.on('system' as never, {} as never, (p: unknown) => sub.system.push(p));
  sub.channel.subscribe((status) => sub.statuses.push(status));
  return sub;
}
const joined = (s: Sub) => waitFor(() => s.statuses.includes('SUBSCRIBED') && s.system.length > 0, 'SUBSCRIBED');

describe.each(BACKENDS)('realtime filters see only what the subscriber may read, on %s', (backend) => {
  let stack: TestStack;
  const clients: SupabaseClient[] = [];
  const attacker = crypto.randomUUID();

  /** A real account (auth.users): its profile row, with the e-mail, follows from the trigger. */
  const account = async (email: string) => {
    const id = crypto.randomUUID();
    await stack.db.query(
      `insert into auth.users (id, email, aud, role) values ($1, $2, 'authenticated', 'authenticated')`,
      [id, email],
    );
    return id;
  };
  const as = async (userId: string) => {
    const c = stack.client();
    const token = signJwt(
      {
        sub: userId,
        role: 'authenticated',
        aud: 'authenticated',
        exp: Math.floor(Date.now() / 1000) + 3600,
        session_id: crypto.randomUUID(),
        is_anonymous: false,
      },
      stack.config.auth.jwtSecret,
    );
    await c.realtime.setAuth(token);
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    stack = await startTestStack(backend, { seed: false });
    await stack.db.query(
      `insert into auth.users (id, email, aud, role) values ($1, 'attacker@example.test', 'authenticated', 'authenticated')`,
      [attacker],
    );
  });

  afterAll(async () => {
    for (const c of clients) {
      await c.removeAllChannels();
      c.realtime.disconnect();
    }
    await stack?.stop();
  });

  it('a DELETE filtered on e-mail never fires: deleting an account does not tell whether it had that address', async () => {
    const victimEmail = `victim-${crypto.randomUUID().slice(0, 8)}@example.test`;
    const victim = await account(victimEmail);
    const other = await account(`other-${crypto.randomUUID().slice(0, 8)}@example.test`);
    const c = await as(attacker);
    // The attacker guesses the address (eq), or its absence (neq), or tries both events at once.
    const probes = [
      subscribe(c, 'probe-eq', { event: 'DELETE', table: 'profiles', filter: `email=eq.${victimEmail}` }),
      subscribe(c, 'probe-neq', { event: 'DELETE', table: 'profiles', filter: 'email=neq.nobody@example.test' }),
      subscribe(c, 'probe-in', { event: '*', table: 'profiles', filter: `email=in.(${victimEmail},x@example.test)` }),
      subscribe(c, 'probe-admin', { event: 'DELETE', table: 'profiles', filter: 'is_admin=eq.false' }),
    ];
    // A key filter keeps working for DELETE (as hosted): the sentinel proves the changes were dispatched.
    const sentinel = subscribe(c, 'sentinel', { event: 'DELETE', table: 'profiles', filter: `id=eq.${other}` });
    await Promise.all([...probes, sentinel].map(joined));

    await stack.db.query('delete from auth.users where id = $1', [victim]);
    await stack.db.query('delete from auth.users where id = $1', [other]);
    await waitFor(() => sentinel.changes.length === 1, 'the sentinel DELETE');
    // The sentinel's payload is the key only; probes saw nothing (same socket, dispatched in order).
    expect(sentinel.changes[0]).toMatchObject({ eventType: 'DELETE', old: { id: other } });
    expect(Object.keys(sentinel.changes[0]!.old)).toEqual(['id']);
    expect(probes.map((p) => p.changes.length)).toEqual([0, 0, 0, 0]);
  });

  it('with REPLICA IDENTITY FULL on an RLS table, DELETE filters still see the key only', async () => {
    await stack.db.exec('alter table public.profiles replica identity full');
    try {
      const victimEmail = `full-${crypto.randomUUID().slice(0, 8)}@example.test`;
      const victim = await account(victimEmail);
      const c = await as(attacker);
      const probe = subscribe(c, 'full-probe', {
        event: 'DELETE',
        table: 'profiles',
        filter: `email=eq.${victimEmail}`,
      });
      const sentinel = subscribe(c, 'full-sentinel', { event: 'DELETE', table: 'profiles', filter: `id=eq.${victim}` });
      await Promise.all([joined(probe), joined(sentinel)]);
      await stack.db.query('delete from auth.users where id = $1', [victim]);
      await waitFor(() => sentinel.changes.length === 1, 'the sentinel DELETE');
      expect(Object.keys(sentinel.changes[0]!.old)).toEqual(['id']);
      expect(probe.changes).toEqual([]);
    } finally {
      await stack.db.exec('alter table public.profiles replica identity default');
    }
  });

  it('a filter on a column the subscriber may not select never fires (INSERT, UPDATE or DELETE)', async () => {
    await stack.db.exec(`
      create table public.sec_rt_notes (id int primary key, owner uuid not null, body text, secret text);
      alter table public.sec_rt_notes enable row level security;
      create policy "Owners read their notes" on public.sec_rt_notes for select to authenticated using (owner = (select auth.uid()));
      revoke select on public.sec_rt_notes from anon, authenticated;
      grant select (id, owner, body) on public.sec_rt_notes to authenticated;
      create table public.sec_rt_open (id int primary key, tag text, secret text);
      alter table public.sec_rt_open replica identity full;
      revoke select on public.sec_rt_open from anon, authenticated;
      grant select (id, tag) on public.sec_rt_open to anon, authenticated;
      alter publication supabase_realtime add table public.sec_rt_notes, public.sec_rt_open;
    `);
    const c = await as(attacker);
    // Its own note: the row is readable, its `secret` column is not.
    const probeRls = subscribe(c, 'col-rls', { event: '*', table: 'sec_rt_notes', filter: 'secret=eq.s3cret' });
    // No RLS, full old row: DELETE filters may use any column the subscriber may select, `secret` it may not.
    const probeOpen = subscribe(c, 'col-open', { event: '*', table: 'sec_rt_open', filter: 'secret=eq.s3cret' });
    const openTag = subscribe(c, 'col-open-tag', { event: 'DELETE', table: 'sec_rt_open', filter: 'tag=eq.t1' });
    const sentinel = subscribe(c, 'col-sentinel', { event: '*', table: 'sec_rt_notes', filter: 'id=eq.2' });
    await Promise.all([probeRls, probeOpen, openTag, sentinel].map(joined));
    await stack.db.query(`insert into public.sec_rt_notes values (1, $1, 'mine', 's3cret')`, [attacker]);
    await stack.db.query(`update public.sec_rt_notes set body = 'edited' where id = 1`);
    await stack.db.query(`insert into public.sec_rt_open values (1, 't1', 's3cret')`);
    await stack.db.query(`delete from public.sec_rt_open where id = 1`);
    await stack.db.query(`insert into public.sec_rt_notes values (2, $1, 'sentinel', 'x')`, [attacker]);
    await waitFor(
      () => sentinel.changes.length === 1 && openTag.changes.length === 1,
      'the sentinel INSERT and the tag DELETE',
    );
    // REPLICA IDENTITY FULL without RLS: the whole old row the subscriber may select, as hosted.
    expect(openTag.changes[0]!.old).toEqual({ id: 1, tag: 't1' });
    expect(probeRls.changes).toEqual([]);
    expect(probeOpen.changes).toEqual([]);
  });
});
