// Realtime postgres_changes through the real realtime-js client (and raw WebSocket frames for the
// protocol details): join reply and system message, INSERT/UPDATE/DELETE payloads, filters, RLS
// and column privileges per subscriber, heartbeat, leave, token refresh and expiry.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import pg from 'pg';
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { signJwt } from '../../src/jwt.ts';
import { BACKENDS, repoSupabaseDir, startTestStack, stopPgServer, type TestStack } from '../../testing/stack.ts';
import { waitFor } from '../../testing/wait.ts';

afterAll(stopPgServer);

// A project folder with the repo's config.toml and no migrations: the fixtures below are the only schema.
function bareWorkdir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gm-realtime-'));
  fs.copyFileSync(path.join(repoSupabaseDir, 'config.toml'), path.join(dir, 'config.toml'));
  return dir;
}

/** Ends a describe block: its clients' channels and sockets, its stack, its project folder. */
async function closeAll(clients: SupabaseClient[], stack: TestStack | undefined, workdir: string | undefined) {
  for (const c of clients) {
    await c.removeAllChannels();
    c.realtime.disconnect();
  }
  await stack?.stop();
  if (workdir) fs.rmSync(workdir, { recursive: true, force: true });
}

type Change = {
  eventType: string;
  new: Record<string, unknown>;
  old: Record<string, unknown>;
  table: string;
  schema: string;
  commit_timestamp: string;
};
interface Sub {
  channel: RealtimeChannel;
  changes: Change[];
  system: Record<string, unknown>[];
  statuses: string[];
}

function subscribe(
  client: SupabaseClient,
  name: string,
  bindings: { event: '*' | 'INSERT' | 'UPDATE' | 'DELETE'; table?: string; filter?: string; schema?: string }[],
): Sub {
  const sub: Sub = { channel: client.channel(name), changes: [], system: [], statuses: [] };
  for (const b of bindings) {
    sub.channel.on('postgres_changes' as never, { schema: 'public', ...b } as never, (p: Change) =>
      sub.changes.push(p),
    );
  }
  sub.channel.on('system' as never, {} as never, (p: Record<string, unknown>) => sub.system.push(p));
  sub.channel.subscribe((status) => sub.statuses.push(status));
  return sub;
}

const subscribed = (s: Sub) => waitFor(() => s.statuses.includes('SUBSCRIBED') && s.system.length > 0, 'SUBSCRIBED');

describe.each(BACKENDS)('realtime postgres_changes on %s', (backend) => {
  let stack: TestStack;
  let workdir = '';
  const alice = crypto.randomUUID();
  const bob = crypto.randomUUID();
  const clients: SupabaseClient[] = [];

  const token = (sub: string, ttlSeconds = 3600, secret?: string) =>
    signJwt(
      {
        sub,
        role: 'authenticated',
        aud: 'authenticated',
        exp: Math.floor(Date.now() / 1000) + ttlSeconds,
        session_id: crypto.randomUUID(),
      },
      secret ?? stack.config.auth.jwtSecret,
    );
  const userClient = async (jwt: string) => {
    const c = stack.client();
    await c.realtime.setAuth(jwt);
    clients.push(c);
    return c;
  };
  const anonClient = () => {
    const c = stack.anon();
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    workdir = bareWorkdir();
    stack = await startTestStack(backend, { seed: false, workdir });
    await stack.db.exec(`
      insert into auth.users (id, email, aud, role) values
        ('${alice}', 'alice@example.com', 'authenticated', 'authenticated'),
        ('${bob}', 'bob@example.com', 'authenticated', 'authenticated');
      create table public.rt_open (id int primary key, n int, tag text, note jsonb);
      grant select on public.rt_open to anon, authenticated;
      create table public.rt_notes (
        id bigint generated always as identity primary key,
        owner uuid not null references auth.users (id),
        body text,
        secret text
      );
      alter table public.rt_notes enable row level security;
      create policy "Owners read their notes" on public.rt_notes for select to authenticated using (owner = (select auth.uid()));
      revoke select on public.rt_notes from authenticated, anon;
      grant select (id, owner, body) on public.rt_notes to authenticated;
      create table public.rt_hidden (id int primary key);
      alter publication supabase_realtime add table public.rt_open, public.rt_notes;
    `);
  });

  afterAll(() => closeAll(clients, stack, workdir));

  it('answers a join with the bindings and ids, then "Subscribed to PostgreSQL"', async () => {
    const s = subscribe(anonClient(), 'join-check', [
      { event: 'INSERT', table: 'rt_open' },
      { event: 'UPDATE', table: 'rt_open', filter: 'id=eq.1' },
    ]);
    await subscribed(s);
    expect(s.statuses).toEqual(['SUBSCRIBED']);
    expect(s.system[0]).toMatchObject({
      extension: 'postgres_changes',
      status: 'ok',
      message: 'Subscribed to PostgreSQL',
      channel: 'join-check',
    });
    const ids = (
      s.channel as unknown as { bindings: { postgres_changes: { id: number }[] } }
    ).bindings.postgres_changes.map((b) => b.id);
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(2);
    expect(await s.channel.unsubscribe()).toBe('ok');
    await waitFor(() => s.statuses.includes('CLOSED'), 'closed after leave');
  });

  it('delivers INSERT, UPDATE and DELETE with typed records, columns and the primary key of deleted rows', async () => {
    const s = subscribe(anonClient(), 'crud', [{ event: '*', table: 'rt_open' }]);
    await subscribed(s);
    await stack.db.query(`insert into public.rt_open (id, n, tag, note) values (1, 7, 'a', '{"k": [1, 2]}')`);
    await stack.db.query(`update public.rt_open set n = 8 where id = 1`);
    await stack.db.query(`delete from public.rt_open where id = 1`);
    await waitFor(() => s.changes.length >= 3, 'three changes');
    const [ins, upd, del] = s.changes;
    expect(ins).toMatchObject({
      eventType: 'INSERT',
      schema: 'public',
      table: 'rt_open',
      new: { id: 1, n: 7, tag: 'a', note: { k: [1, 2] } },
    });
    expect(Math.abs(Date.parse(ins!.commit_timestamp) - Date.now())).toBeLessThan(60_000);
    expect(upd).toMatchObject({ eventType: 'UPDATE', new: { id: 1, n: 8, tag: 'a' } });
    expect(del).toMatchObject({ eventType: 'DELETE', old: { id: 1 } });
    expect(s.changes).toHaveLength(3);
  });

  it('delivers changes in commit order, also past ten queued changes', async () => {
    const s = subscribe(anonClient(), 'order', [{ event: 'INSERT', table: 'rt_open', filter: 'tag=eq.order' }]);
    await subscribed(s);
    // One transaction: the twelve changes are queued together and drained as one batch.
    await stack.db.transaction(async (tx) => {
      for (let i = 0; i < 12; i++)
        await tx.query(`insert into public.rt_open (id, n, tag) values ($1, $2, 'order')`, [100 + i, i]);
    });
    await waitFor(() => s.changes.length === 12, 'twelve changes');
    expect(s.changes.map((c) => c.new.n)).toEqual([...Array(12).keys()]);
  });

  it('applies filters (eq, gt, in) and never delivers rolled-back changes', async () => {
    const client = anonClient();
    const eq = subscribe(client, 'f-eq', [{ event: 'INSERT', table: 'rt_open', filter: 'tag=eq.match' }]);
    const gt = subscribe(client, 'f-gt', [{ event: 'INSERT', table: 'rt_open', filter: 'n=gt.10' }]);
    const inn = subscribe(client, 'f-in', [{ event: 'INSERT', table: 'rt_open', filter: 'id=in.(21,23)' }]);
    await Promise.all([subscribed(eq), subscribed(gt), subscribed(inn)]);
    await stack.db.transaction(async (tx) => {
      await tx.query(`insert into public.rt_open (id, n, tag) values (20, 5, 'nope')`);
      await tx.query(`insert into public.rt_open (id, n, tag) values (21, 11, 'nope')`);
      await tx.query(`insert into public.rt_open (id, n, tag) values (22, 1, 'match')`);
    });
    await stack.db
      .transaction(async (tx) => {
        await tx.query(`insert into public.rt_open (id, n, tag) values (23, 99, 'match')`);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await stack.db.query(`insert into public.rt_open (id, n, tag) values (23, 12, 'match')`);
    await waitFor(
      () => eq.changes.length >= 2 && gt.changes.length >= 2 && inn.changes.length >= 2,
      'filtered changes',
    );
    expect(eq.changes.map((c) => c.new.id)).toEqual([22, 23]);
    expect(gt.changes.map((c) => [c.new.id, c.new.n])).toEqual([
      [21, 11],
      [23, 12],
    ]);
    expect(inn.changes.map((c) => c.new.id)).toEqual([21, 23]);
  });

  it('delivers a row only to subscribers whose RLS lets them select it, without columns they may not select', async () => {
    const a = subscribe(await userClient(token(alice)), 'notes-a', [{ event: '*', table: 'rt_notes' }]);
    const b = subscribe(await userClient(token(bob)), 'notes-b', [{ event: '*', table: 'rt_notes' }]);
    const anon = subscribe(anonClient(), 'notes-anon', [{ event: 'INSERT', table: 'rt_notes' }]);
    await Promise.all([subscribed(a), subscribed(b), subscribed(anon)]);
    await stack.db.query(`insert into public.rt_notes (owner, body, secret) values ($1, 'alice private', 's1')`, [
      alice,
    ]);
    await stack.db.query(`insert into public.rt_notes (owner, body, secret) values ($1, 'bob private', 's2')`, [bob]);
    await stack.db.query(`update public.rt_notes set body = 'alice edited' where owner = $1`, [alice]);
    await waitFor(() => a.changes.length >= 2 && b.changes.length >= 1, 'owners receive their notes');
    // Bob's last relevant change was inserted after Alice's first: had he been sent hers, it would be here.
    await stack.db.query(`update public.rt_notes set body = 'bob edited' where owner = $1`, [bob]);
    await waitFor(() => b.changes.length >= 2, 'bob update');
    expect(a.changes.map((c) => [c.eventType, c.new.body])).toEqual([
      ['INSERT', 'alice private'],
      ['UPDATE', 'alice edited'],
    ]);
    expect(b.changes.map((c) => [c.eventType, c.new.body])).toEqual([
      ['INSERT', 'bob private'],
      ['UPDATE', 'bob edited'],
    ]);
    expect(Object.keys(a.changes[0]!.new).sort()).toEqual(['body', 'id', 'owner']);
    expect(JSON.stringify(b.changes)).not.toContain('alice');
    expect(anon.changes).toEqual([]);
  });

  it('reports an unpublished table as a system error and delivers nothing from it', async () => {
    const s = subscribe(anonClient(), 'hidden', [{ event: '*', table: 'rt_hidden' }]);
    await waitFor(() => s.system.length > 0, 'system message');
    expect(s.system[0]).toMatchObject({ extension: 'postgres_changes', status: 'error' });
    await stack.db.query(`insert into public.rt_hidden values (1)`);
    const sentinel = subscribe(anonClient(), 'hidden-sentinel', [
      { event: 'INSERT', table: 'rt_open', filter: 'id=eq.30' },
    ]);
    await subscribed(sentinel);
    await stack.db.query(`insert into public.rt_open (id) values (30)`);
    await waitFor(() => sentinel.changes.length === 1, 'sentinel');
    expect(s.changes).toEqual([]);
  });

  it('picks up tables published after start and carries rows larger than NOTIFY allows', async () => {
    await stack.db.exec(
      `create table public.rt_late (id int primary key, blob text); grant select on public.rt_late to anon;
       alter publication supabase_realtime add table public.rt_late;`,
    );
    const s = subscribe(anonClient(), 'late', [{ event: 'INSERT', table: 'rt_late' }]);
    await subscribed(s);
    expect(s.system[0]).toMatchObject({ status: 'ok' });
    const big = 'x'.repeat(20_000);
    await stack.db.query(`insert into public.rt_late values (1, $1)`, [big]);
    await waitFor(() => s.changes.length === 1, 'large change');
    expect(s.changes[0]!.new.blob).toBe(big);

    // Leaving the publication stops delivery (noticed at the next join at the latest).
    await stack.db.exec(`alter publication supabase_realtime drop table public.rt_late`);
    const sentinel = subscribe(anonClient(), 'late-sentinel', [
      { event: 'INSERT', table: 'rt_open', filter: 'id=eq.31' },
    ]);
    await subscribed(sentinel);
    await stack.db.query(`insert into public.rt_late values (2, 'gone')`);
    await stack.db.query(`insert into public.rt_open (id) values (31)`);
    await waitFor(() => sentinel.changes.length === 1, 'sentinel');
    expect(s.changes).toHaveLength(1);
  });

  it('keeps a channel whose token is refreshed and closes one whose token expires', async () => {
    const refreshExp = Math.floor(Date.now() / 1000) + 6;
    const refreshed = subscribe(await userClient(token(alice, 6)), 'refresh-me', [
      { event: 'INSERT', table: 'rt_notes' },
    ]);
    const expiring = subscribe(await userClient(token(alice, 3)), 'let-expire', [
      { event: 'INSERT', table: 'rt_notes' },
    ]);
    await Promise.all([subscribed(refreshed), subscribed(expiring)]);
    await clients.at(-2)!.realtime.setAuth(token(alice, 3600));
    await waitFor(() => expiring.statuses.includes('CLOSED'), 'expired channel closed', { timeoutMs: 12_000 });
    expect(expiring.system.at(-1)).toMatchObject({
      status: 'error',
      message: expect.stringMatching(/Token has expired/),
    });
    // Past the refreshed channel's original expiry: it must still be open and authorised.
    await waitFor(() => Date.now() > refreshExp * 1000 + 500, 'original expiry', { timeoutMs: 15_000 });
    await stack.db.query(`insert into public.rt_notes (owner, body) values ($1, 'after refresh')`, [alice]);
    await waitFor(() => refreshed.changes.length === 1, 'change after refresh');
    expect(refreshed.changes[0]!.new.body).toBe('after refresh');
    expect(refreshed.statuses).not.toContain('CLOSED');
  });

  it('refuses a join with a forged or expired token', async () => {
    const forged = subscribe(
      await userClient(token(alice, 3600, 'another-secret-that-is-at-least-32-characters')),
      'forged',
      [{ event: '*', table: 'rt_notes' }],
    );
    const expired = subscribe(await userClient(token(alice, -10)), 'expired', [{ event: '*', table: 'rt_notes' }]);
    await waitFor(
      () => forged.statuses.includes('CHANNEL_ERROR') && expired.statuses.includes('CHANNEL_ERROR'),
      'errors',
    );
    expect(forged.statuses).not.toContain('SUBSCRIBED');
    expect(expired.statuses).not.toContain('SUBSCRIBED');
  });

  it('delivers changes written by another Postgres client (the wire port on PGlite)', async () => {
    const s = subscribe(anonClient(), 'wire', [{ event: 'INSERT', table: 'rt_open', filter: 'id=eq.50' }]);
    await subscribed(s);
    const c = new pg.Client({ connectionString: stack.dbUrl! });
    await c.connect();
    try {
      await c.query(`insert into public.rt_open (id, tag) values (50, 'from wire')`);
    } finally {
      await c.end();
    }
    await waitFor(() => s.changes.length === 1, 'wire change');
    expect(s.changes[0]!.new).toMatchObject({ id: 50, tag: 'from wire' });
  });

  it('relays broadcasts to the other subscribers of a topic (and to the sender with self: true)', async () => {
    const got: Record<string, unknown[]> = { a: [], b: [] };
    const mk = (who: 'a' | 'b', self: boolean) => {
      const statuses: string[] = [];
      const ch = anonClient()
        .channel('room-1', { config: { broadcast: { self, ack: true } } })
        .on('broadcast', { event: 'cursor' }, (m) => got[who]!.push(m.payload))
        .subscribe((st) => statuses.push(st));
      return { ch, statuses };
    };
    const a = mk('a', false);
    const b = mk('b', true);
    await waitFor(() => a.statuses.includes('SUBSCRIBED') && b.statuses.includes('SUBSCRIBED'), 'broadcast joins');
    expect(await a.ch.send({ type: 'broadcast', event: 'cursor', payload: { x: 1 } })).toBe('ok');
    expect(await b.ch.send({ type: 'broadcast', event: 'cursor', payload: { x: 2 } })).toBe('ok');
    await waitFor(() => got.a!.length >= 1 && got.b!.length >= 2, 'broadcasts');
    expect(got.a).toEqual([{ x: 2 }]);
    expect(got.b).toEqual([{ x: 1 }, { x: 2 }]);
  });

  it('tracks presence per topic: state on join, joins and leaves as diffs', async () => {
    const mk = (key: string) => {
      const statuses: string[] = [];
      const leaves: string[] = [];
      const ch = anonClient()
        .channel('lobby', { config: { presence: { key } } })
        .on('presence', { event: 'sync' }, () => undefined)
        .on('presence', { event: 'leave' }, ({ key: k }) => leaves.push(k))
        .subscribe((st) => statuses.push(st));
      return { ch, statuses, leaves };
    };
    const a = mk('guest-a');
    await waitFor(() => a.statuses.includes('SUBSCRIBED'), 'a joined');
    expect(await a.ch.track({ name: 'A' })).toBe('ok');
    const b = mk('guest-b');
    await waitFor(() => b.statuses.includes('SUBSCRIBED'), 'b joined');
    await waitFor(() => 'guest-a' in b.ch.presenceState(), 'b sees a');
    expect(b.ch.presenceState()['guest-a']).toEqual([expect.objectContaining({ name: 'A' })]);
    expect(await b.ch.track({ name: 'B' })).toBe('ok');
    await waitFor(() => 'guest-b' in a.ch.presenceState(), 'a sees b');
    expect(await a.ch.untrack()).toBe('ok');
    await waitFor(() => b.leaves.includes('guest-a'), 'b sees a leave');
    expect(Object.keys(b.ch.presenceState())).toEqual(['guest-b']);
  });

  it('speaks the Phoenix frames: heartbeat, join, leave with phx_close, unmatched topics, vsn 1.0.0', async () => {
    const url = (vsn: string) =>
      `${stack.apiUrl.replace('http', 'ws')}/realtime/v1/websocket?apikey=${stack.config.auth.anonKey}&vsn=${vsn}`;
    const open = async (vsn: string) => {
      const ws = new WebSocket(url(vsn));
      const frames: unknown[] = [];
      ws.on('message', (d) => frames.push(JSON.parse(String(d))));
      await new Promise((r, j) => {
        ws.once('open', r);
        ws.once('error', j);
      });
      return { ws, frames };
    };
    const v2 = await open('2.0.0');
    v2.ws.send(JSON.stringify([null, '1', 'phoenix', 'heartbeat', {}]));
    v2.ws.send(
      JSON.stringify([
        '2',
        '2',
        'realtime:raw',
        'phx_join',
        { config: { postgres_changes: [{ event: 'INSERT', schema: 'public', table: 'rt_open' }] } },
      ]),
    );
    await waitFor(() => v2.frames.length >= 3, 'join frames');
    expect(v2.frames[0]).toEqual([null, '1', 'phoenix', 'phx_reply', { status: 'ok', response: {} }]);
    expect(v2.frames[1]).toMatchObject([
      '2',
      '2',
      'realtime:raw',
      'phx_reply',
      { status: 'ok', response: { postgres_changes: [{ event: 'INSERT', schema: 'public', table: 'rt_open' }] } },
    ]);
    expect(v2.frames[2]).toMatchObject([
      null,
      null,
      'realtime:raw',
      'system',
      { status: 'ok', message: 'Subscribed to PostgreSQL' },
    ]);
    await stack.db.query(`insert into public.rt_open (id, n) values (40, 1)`);
    await waitFor(() => v2.frames.length >= 4, 'change frame');
    const change = v2.frames[3] as [null, null, string, string, { ids: number[]; data: Record<string, unknown> }];
    expect(change.slice(0, 4)).toEqual([null, null, 'realtime:raw', 'postgres_changes']);
    expect(change[4].ids).toHaveLength(1);
    expect(change[4].data).toMatchObject({
      schema: 'public',
      table: 'rt_open',
      type: 'INSERT',
      record: { id: 40, n: 1 },
      errors: null,
    });
    expect(change[4].data.columns).toContainEqual({ name: 'n', type: 'int4' });
    v2.ws.send(JSON.stringify(['2', '3', 'realtime:raw', 'phx_leave', {}]));
    v2.ws.send(JSON.stringify([null, '4', 'realtime:nope', 'broadcast', {}]));
    await waitFor(() => v2.frames.length >= 7, 'leave frames');
    expect(v2.frames.slice(4, 7)).toEqual([
      ['2', '3', 'realtime:raw', 'phx_reply', { status: 'ok', response: {} }],
      ['2', '2', 'realtime:raw', 'phx_close', {}],
      [null, '4', 'realtime:nope', 'phx_reply', { status: 'error', response: { reason: 'unmatched topic' } }],
    ]);
    v2.ws.close();

    const v1 = await open('1.0.0');
    v1.ws.send(JSON.stringify({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: '9', join_ref: null }));
    await waitFor(() => v1.frames.length >= 1, 'v1 heartbeat');
    expect(v1.frames[0]).toEqual({
      join_ref: null,
      ref: '9',
      topic: 'phoenix',
      event: 'phx_reply',
      payload: { status: 'ok', response: {} },
    });
    v1.ws.close();

    const refused = await new Promise<number>((resolve) => {
      const ws = new WebSocket(url('2.0.0').replace(/apikey=[^&]+/, 'apikey=not-a-jwt'));
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.on('error', () => resolve(-1));
    });
    expect(refused).toBe(403);
  });
});

// Private channels (RLS on realtime.messages), broadcast from the database (realtime.send,
// realtime.broadcast_changes) and over REST (httpSend, send() before joining), as hosted Realtime has them.
describe.each(BACKENDS)('realtime private channels and database broadcasts on %s', (backend) => {
  let stack: TestStack;
  let workdir = '';
  const alice = crypto.randomUUID(); // member of room-1 and news, may write to room-1
  const bob = crypto.randomUUID(); // member of room-1 and news, read only
  const clients: SupabaseClient[] = [];

  const token = (sub: string) =>
    signJwt(
      {
        sub,
        role: 'authenticated',
        aud: 'authenticated',
        exp: Math.floor(Date.now() / 1000) + 3600,
        session_id: crypto.randomUUID(),
      },
      stack.config.auth.jwtSecret,
    );
  const as = async (sub: string | null) => {
    const c = stack.client();
    if (sub) await c.realtime.setAuth(token(sub));
    clients.push(c);
    return c;
  };
  type Got = { event: string; payload: Record<string, unknown>; meta?: { id: string } };
  const listen = (client: SupabaseClient, name: string, isPrivate: boolean, opts: { ack?: boolean } = {}) => {
    const got: Got[] = [];
    const statuses: string[] = [];
    const channel = client
      .channel(name, { config: { private: isPrivate, broadcast: { ack: opts.ack ?? false } } })
      .on('broadcast', { event: '*' }, (m) => got.push(m as unknown as Got))
      .subscribe((s) => statuses.push(s));
    return { channel, got, statuses };
  };
  const joined = (l: { statuses: string[] }) => waitFor(() => l.statuses.includes('SUBSCRIBED'), 'SUBSCRIBED');

  beforeAll(async () => {
    workdir = bareWorkdir();
    stack = await startTestStack(backend, { seed: false, workdir });
    await stack.db.exec(`
      insert into auth.users (id, email, aud, role) values
        ('${alice}', 'alice-p@example.com', 'authenticated', 'authenticated'),
        ('${bob}', 'bob-p@example.com', 'authenticated', 'authenticated');
      create table public.rt_members (user_id uuid not null, topic text not null, can_write boolean not null);
      grant select on public.rt_members to authenticated;
      insert into public.rt_members values
        ('${alice}', 'room-1', true), ('${bob}', 'room-1', false),
        ('${alice}', 'news', false), ('${bob}', 'news', false), ('${bob}', 'orders:r1', false);
      create policy "Members read their topics" on realtime.messages for select to authenticated using (
        exists (select 1 from public.rt_members m where m.user_id = (select auth.uid()) and m.topic = (select realtime.topic()))
      );
      create policy "Writers send to their topics" on realtime.messages for insert to authenticated with check (
        exists (select 1 from public.rt_members m
                 where m.user_id = (select auth.uid()) and m.topic = (select realtime.topic()) and m.can_write)
      );
      create policy "Each user reads their own topic" on realtime.messages for select to authenticated
        using ((select realtime.topic()) = 'own:' || (select auth.uid())::text);

      create table public.rt_orders (id int primary key, room text not null, total numeric);
      create function public.rt_orders_broadcast() returns trigger language plpgsql security definer set search_path = '' as $$
      begin
        perform realtime.broadcast_changes('orders:' || coalesce(new.room, old.room), tg_op, tg_op, tg_table_name,
          tg_table_schema, new, old);
        return null;
      end $$;
      create trigger rt_orders_broadcast after insert or update or delete on public.rt_orders
        for each row execute function public.rt_orders_broadcast();
    `);
  });

  afterAll(() => closeAll(clients, stack, workdir));

  it('has the realtime schema as hosted: realtime.messages with RLS, realtime.topic(), send(), broadcast_changes()', async () => {
    const { rows } = await stack.db.query<{ cols: string[]; rls: boolean; owner: string; partitioned: boolean }>(
      `select array(select attname::text from pg_attribute where attrelid = c.oid and attnum > 0 and not attisdropped
                     order by attnum) as cols,
              c.relrowsecurity as rls, pg_get_userbyid(c.relowner)::text as owner, c.relkind = 'p' as partitioned
         from pg_class c where c.oid = 'realtime.messages'::regclass`,
    );
    expect(rows[0]).toEqual({
      cols: ['topic', 'extension', 'payload', 'event', 'private', 'updated_at', 'inserted_at', 'id', 'binary_payload'],
      rls: true,
      owner: 'supabase_realtime_admin',
      partitioned: true,
    });
    const { rows: fns } = await stack.db.query<{ f: string }>(
      `select p.oid::regprocedure::text as f from pg_proc p where p.pronamespace = 'realtime'::regnamespace order by 1`,
    );
    expect(fns.map((r) => r.f)).toEqual([
      'realtime.broadcast_changes(text,text,text,text,text,record,record,text)',
      'realtime.send(jsonb,text,text,boolean)',
      'realtime.send_binary(bytea,text,text,boolean)',
      'realtime.topic()',
    ]);
    const { rows: topic } = await stack.db.transaction((tx) =>
      tx.query<{ t: string }>(`select set_config('realtime.topic', 'room-9', true), realtime.topic() as t`),
    );
    expect(topic[0]!.t).toBe('room-9');
  });

  it('lets a user whose policy allows it join a private channel and receive its broadcasts', async () => {
    const writer = listen(await as(alice), 'room-1', true, { ack: true });
    const reader = listen(await as(bob), 'room-1', true);
    // The public channel of the same name is another topic: it hears nothing of the private one.
    const outsider = listen(await as(null), 'room-1', false);
    await Promise.all([joined(writer), joined(reader), joined(outsider)]);
    expect(await writer.channel.send({ type: 'broadcast', event: 'chat', payload: { text: 'hi' } })).toBe('ok');
    await waitFor(() => reader.got.length === 1, 'the private broadcast');
    expect(reader.got[0]).toMatchObject({ event: 'chat', payload: { text: 'hi' } });
    // Sent on the public channel: the private subscribers do not hear it, the public one does.
    expect(await outsider.channel.send({ type: 'broadcast', event: 'chat', payload: { text: 'public' } })).toBe('ok');
    await stack.db.query(`select realtime.send('{"text": "sentinel"}', 'chat', 'room-1', true)`);
    await waitFor(() => reader.got.length === 2, 'the sentinel');
    expect(reader.got.map((m) => m.payload.text)).toEqual(['hi', 'sentinel']);
    expect(outsider.got).toEqual([]);
  });

  it('sees the topic being authorised as realtime.topic() inside a policy', async () => {
    const own = listen(await as(alice), `own:${alice}`, true);
    const other = listen(await as(alice), `own:${bob}`, true);
    await joined(own);
    await waitFor(() => other.statuses.includes('CHANNEL_ERROR'), 'refused');
    expect(other.statuses).not.toContain('SUBSCRIBED');
  });

  it('delivers realtime.send() from SQL to the subscribers of a private or a public topic', async () => {
    const priv = listen(await as(bob), 'news', true);
    const pub = listen(await as(null), 'news', false);
    await Promise.all([joined(priv), joined(pub)]);
    await stack.db.query(`select realtime.send('{"headline": "private"}', 'story', 'news')`);
    await stack.db.query(`select realtime.send('{"headline": "public"}', 'story', 'news', false)`);
    // Another Postgres client (the wire port on PGlite) sends too.
    const c = new pg.Client({ connectionString: stack.dbUrl! });
    await c.connect();
    try {
      await c.query(`select realtime.send('{"headline": "wire", "id": "mine"}'::jsonb, 'story', 'news', false)`);
    } finally {
      await c.end();
    }
    await waitFor(() => priv.got.length === 1 && pub.got.length === 2, 'the messages');
    expect(priv.got[0]).toMatchObject({ event: 'story', payload: { headline: 'private' } });
    // The message's id is added to the payload (unless it has one) and sent as its metadata.
    const { rows } = await stack.db.query<{ id: string }>(
      `select id::text from realtime.messages where topic = 'news' and payload->>'headline' = 'private'`,
    );
    expect(priv.got[0]!.payload.id).toBe(rows[0]!.id);
    expect(priv.got[0]!.meta).toEqual({ id: rows[0]!.id });
    expect(pub.got.map((m) => m.payload.headline)).toEqual(['public', 'wire']);
    expect(pub.got[1]!.payload.id).toBe('mine');
  });

  it('delivers realtime.broadcast_changes() from a trigger with hosted payload', async () => {
    const l = listen(await as(bob), 'orders:r1', true);
    await joined(l);
    await stack.db.query(`insert into public.rt_orders values (1, 'r1', 12.5)`);
    await stack.db.query(`update public.rt_orders set total = 13 where id = 1`);
    await waitFor(() => l.got.length === 2, 'two changes');
    expect(l.got[0]).toMatchObject({ type: 'broadcast', event: 'INSERT' });
    expect(l.got[0]!.payload).toEqual({
      id: l.got[0]!.meta!.id,
      operation: 'INSERT',
      schema: 'public',
      table: 'rt_orders',
      record: { id: 1, room: 'r1', total: 12.5 },
      old_record: null,
    });
    expect(l.got[1]!.payload).toMatchObject({
      operation: 'UPDATE',
      record: { total: 13 },
      old_record: { total: 12.5 },
    });
  });

  it('delivers REST broadcasts: httpSend() and send() before joining, public and private', async () => {
    const pub = listen(await as(null), 'lobby', false);
    const priv = listen(await as(bob), 'room-1', true);
    await Promise.all([joined(pub), joined(priv)]);
    const anon = await as(null);
    expect(await anon.channel('lobby').httpSend('wave', { n: 1 })).toEqual({ success: true });
    const writer = await as(alice);
    expect(await writer.channel('room-1', { config: { private: true } }).httpSend('wave', { n: 2 })).toEqual({
      success: true,
    });
    // Not joined: realtime-js falls back to POST /api/broadcast with {messages: [...]}.
    expect(await anon.channel('lobby').send({ type: 'broadcast', event: 'wave', payload: { n: 3 } })).toBe('ok');
    expect(
      await writer
        .channel('room-1', { config: { private: true } })
        .send({ type: 'broadcast', event: 'wave', payload: { n: 4 } }),
    ).toBe('ok');
    // The service role bypasses RLS: no policy needed to write to a private topic.
    expect(
      await stack
        .service()
        .channel('room-1', { config: { private: true } })
        .httpSend('wave', { n: 5 }),
    ).toEqual({
      success: true,
    });
    await waitFor(() => pub.got.length === 2 && priv.got.length === 3, 'REST broadcasts');
    expect(pub.got.map((m) => [m.event, m.payload.n])).toEqual([
      ['wave', 1],
      ['wave', 3],
    ]);
    expect(priv.got.map((m) => m.payload.n)).toEqual([2, 4, 5]);
  });
});
