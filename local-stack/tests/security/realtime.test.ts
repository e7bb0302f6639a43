// Realtime, as an attacker subscribed through the real supabase-js client (issue #26): a filter must
// see no more of a row than the subscriber is sent. DELETE filters see the primary key only (hosted
// Realtime's old record with RLS or the default replica identity), so a filter on any other column,
// the e-mail of a deleted account say, never matches. Run on PGlite and on PostgreSQL 15.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { signJwt } from '../../src/jwt.ts';
import { BACKENDS, startTestStack, stopPgServer, type TestStack } from '../../testing/stack.ts';
import { waitFor } from '../../testing/wait.ts';

afterAll(stopPgServer);

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

// Private channels (RLS on realtime.messages, as hosted): what a user without the policies must not get.
describe.each(BACKENDS)('realtime private channels refuse what the policies do not allow, on %s', (backend) => {
  let stack: TestStack;
  const clients: SupabaseClient[] = [];
  const writer = crypto.randomUUID(); // may read and write `vault`
  const reader = crypto.randomUUID(); // may read `vault` only
  const stranger = crypto.randomUUID(); // no policy lets them in

  const as = async (sub: string | null) => {
    const c = stack.client();
    if (sub)
      await c.realtime.setAuth(
        signJwt(
          { sub, role: 'authenticated', aud: 'authenticated', exp: Math.floor(Date.now() / 1000) + 3600 },
          stack.config.auth.jwtSecret,
        ),
      );
    clients.push(c);
    return c;
  };
  type Got = { event: string; payload: Record<string, unknown> };
  const listen = (client: SupabaseClient, name: string, config: Record<string, unknown> = {}) => {
    const got: Got[] = [];
    const statuses: string[] = [];
    const errors: string[] = [];
    const channel = client
      .channel(name, { config: { private: true, ...config } })
      .on('broadcast', { event: '*' }, (m) => got.push(m as unknown as Got))
      .subscribe((s, err) => {
        statuses.push(s);
        if (err) errors.push(err.message);
      });
    return { channel, got, statuses, errors };
  };
  const joined = (l: { statuses: string[] }) => waitFor(() => l.statuses.includes('SUBSCRIBED'), 'SUBSCRIBED');

  beforeAll(async () => {
    stack = await startTestStack(backend, { seed: false });
    for (const [id, email] of [
      [writer, 'rt-writer@example.test'],
      [reader, 'rt-reader@example.test'],
      [stranger, 'rt-stranger@example.test'],
    ])
      await stack.db.query(
        `insert into auth.users (id, email, aud, role) values ($1, $2, 'authenticated', 'authenticated')`,
        [id, email],
      );
    await stack.db.exec(`
      create policy "sec vault readers" on realtime.messages for select to authenticated
        using ((select realtime.topic()) = 'vault' and (select auth.uid()) in ('${writer}', '${reader}'));
      create policy "sec vault writers" on realtime.messages for insert to authenticated
        with check ((select realtime.topic()) = 'vault' and (select auth.uid()) = '${writer}');
    `);
  });

  afterAll(async () => {
    for (const c of clients) {
      await c.removeAllChannels();
      c.realtime.disconnect();
    }
    await stack?.stop();
  });

  it("refuses a join without a read policy with hosted's error, and sends that channel nothing", async () => {
    const stranger$ = listen(await as(stranger), 'vault');
    const anon$ = listen(await as(null), 'vault');
    await waitFor(() => stranger$.errors.length > 0 && anon$.errors.length > 0, 'join errors');
    const reason = 'Unauthorized: You do not have permissions to read from this Channel topic: vault';
    expect(stranger$.errors[0]).toBe(reason);
    expect(anon$.errors[0]).toBe(reason);
    await stack.db.query(`select realtime.send('{"secret": 1}', 'leak', 'vault')`);
    const sentinel = listen(await as(reader), 'vault');
    await joined(sentinel);
    await stack.db.query(`select realtime.send('{"secret": 2}', 'leak', 'vault')`);
    await waitFor(() => sentinel.got.length === 1, 'the sentinel');
    expect(stranger$.statuses).not.toContain('SUBSCRIBED');
    expect([...stranger$.got, ...anon$.got]).toEqual([]);
  });

  it('drops a broadcast on a private channel from a user without an INSERT policy', async () => {
    const ro = listen(await as(reader), 'vault', { broadcast: { ack: true } });
    const rw = listen(await as(writer), 'vault', { broadcast: { ack: true } });
    await Promise.all([joined(ro), joined(rw)]);
    // Hosted answers nothing: an acknowledged send times out.
    expect(
      await ro.channel.send({ type: 'broadcast', event: 'msg', payload: { from: 'reader' } }, { timeout: 1500 }),
    ).toBe('timed out');
    expect(await rw.channel.send({ type: 'broadcast', event: 'msg', payload: { from: 'writer' } })).toBe('ok');
    await waitFor(() => ro.got.length === 1, 'the writer broadcast');
    expect(ro.got[0]!.payload).toEqual({ from: 'writer' });
    expect(rw.got).toEqual([]);
  });

  it('refuses httpSend() to a private topic the user may not write (403), and drops its send() fallback', async () => {
    const l = listen(await as(reader), 'vault');
    await joined(l);
    const ro = await as(reader);
    await expect(ro.channel('vault', { config: { private: true } }).httpSend('msg', { n: 1 })).rejects.toThrow(
      'Unauthorized',
    );
    // The batch endpoint answers 202 as hosted, and delivers nothing.
    expect(
      await ro
        .channel('vault', { config: { private: true } })
        .send({ type: 'broadcast', event: 'msg', payload: { n: 2 } }),
    ).toBe('ok');
    // The same as anon, and with a forged token: 401.
    const anon = await as(null);
    await expect(anon.channel('vault', { config: { private: true } }).httpSend('msg', { n: 3 })).rejects.toThrow(
      'Unauthorized',
    );
    const res = await fetch(`${stack.apiUrl}/realtime/v1/api/broadcast/vault/events/msg?private=true`, {
      method: 'POST',
      headers: { apikey: 'not-a-jwt', 'content-type': 'application/json' },
      body: '{"n": 4}',
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'Unauthorized' });
    const rw = await as(writer);
    expect(await rw.channel('vault', { config: { private: true } }).httpSend('msg', { n: 5 })).toEqual({
      success: true,
    });
    await waitFor(() => l.got.length === 1, 'the sentinel');
    expect(l.got[0]!.payload).toEqual({ n: 5 });
  });

  it('lets realtime.send() as a user without an INSERT policy send nothing (a warning, as hosted)', async () => {
    const l = listen(await as(reader), 'vault');
    await joined(l);
    await stack.db.transaction(async (tx) => {
      await tx.query(`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`, [
        JSON.stringify({ sub: reader, role: 'authenticated' }),
      ]);
      await tx.query(`select realtime.send('{"n": 1}', 'msg', 'vault')`);
    });
    await stack.db.transaction(async (tx) => {
      await tx.query(`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`, [
        JSON.stringify({ sub: writer, role: 'authenticated' }),
      ]);
      await tx.query(`select realtime.send('{"n": 2}', 'msg', 'vault')`);
    });
    await waitFor(() => l.got.length === 1, 'the writer message');
    expect(l.got[0]!.payload).toMatchObject({ n: 2 });
  });

  it('closes a private channel whose refreshed token may no longer read it', async () => {
    const client = await as(reader);
    const l = listen(client, 'vault');
    const system: { status?: string; message?: string }[] = [];
    l.channel.on('system', {}, (m: { status?: string; message?: string }) => system.push(m));
    await joined(l);
    await client.realtime.setAuth(
      signJwt(
        { sub: stranger, role: 'authenticated', aud: 'authenticated', exp: Math.floor(Date.now() / 1000) + 3600 },
        stack.config.auth.jwtSecret,
      ),
    );
    await waitFor(() => l.statuses.includes('CLOSED'), 'the channel closed');
    expect(system.at(-1)).toMatchObject({
      status: 'error',
      message: 'You do not have permissions to read from this Channel topic: vault',
    });
    await stack.db.query(`select realtime.send('{"after": true}', 'msg', 'vault')`);
    const sentinel = listen(await as(writer), 'vault');
    await joined(sentinel);
    await stack.db.query(`select realtime.send('{"sentinel": true}', 'msg', 'vault')`);
    await waitFor(() => sentinel.got.length === 1, 'the sentinel');
    expect(l.got).toEqual([]);
  });

  it('does not let a private topic be tracked in presence without a presence INSERT policy', async () => {
    const ro = listen(await as(reader), 'vault');
    await joined(ro);
    expect(await ro.channel.track({ here: true })).toBe('error');
  });
});
