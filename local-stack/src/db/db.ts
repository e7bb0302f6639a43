// One interface over the two databases the stack can run on: PGlite in-process
// (the default; one connection, transactions serialised by PGlite itself, statement timeouts
// enforced by a watchdog thread: pglite-watchdog.ts) or a PostgreSQL server named by DATABASE_URL
// (a pool; transactions interleave).
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { uuid_ossp } from '@electric-sql/pglite/contrib/uuid_ossp';
import pg from 'pg';
import { prepareWatchdog } from './pglite-watchdog.ts';

export interface QueryResult<T = Record<string, unknown>> {
  rows: T[];
  /** Column names and type OIDs, in select order. */
  fields: { name: string; dataTypeID: number }[];
  /** Rows touched by INSERT/UPDATE/DELETE. */
  affectedRows: number;
}

/** A session on the database: the pool/instance itself, or one transaction's connection. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  /** Runs a script of several statements (no parameters). */
  exec(sql: string): Promise<void>;
  /**
   * PGlite transactions only: bounds each later statement of the transaction to `ms` milliseconds
   * (null: no bound), as `set_config('statement_timeout', …, true)` does on PostgreSQL, which enforces
   * that setting itself. A statement past it is cancelled by Postgres (57014) and the transaction aborts.
   */
  limitStatements?(ms: number | null): void;
  /**
   * PostgreSQL transactions only: runs `sql` (one read without parameters) after the transaction's last
   * statement, in the same round trip as its COMMIT (one simple-query batch), and settles once it has run.
   * Not sent when the transaction rolls back (the promise then never settles); do not await it inside
   * the transaction. Where it is missing (PGlite), run the read with `query` before the transaction ends.
   */
  atCommit?<T = Record<string, unknown>>(sql: string): Promise<QueryResult<T>>;
  /**
   * PostgreSQL transactions only, after at least one statement: runs `sql` as the transaction's last statement,
   * then `read` (one read without parameters, if given), then COMMIT, pipelined (one round trip). The transaction
   * is over when it settles: committed, or rolled back when anything failed (the first error is thrown). Only
   * for a caller that would commit whatever the statement answers.
   */
  commitWith?<T = Record<string, unknown>>(
    sql: string,
    params: unknown[],
    read?: string,
  ): Promise<[QueryResult<T>, QueryResult | null]>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** BEGIN … COMMIT around `fn`; ROLLBACK (and rethrow) when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>, opts?: { readOnly?: boolean }): Promise<T>;
  /** LISTEN on a channel; returns an unlisten function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** The PGlite instance, when kind is 'pglite' (for the wire-protocol server). */
  readonly pglite?: PGlite;
}

// Types are returned as text and parsed by callers where needed: the REST layer builds its
// JSON inside Postgres so values look exactly as PostgREST's do.
const textParsers = (): Record<number, (v: string) => unknown> => ({});

/**
 * How the embedded database's commits reach the disk (measured in bench/durability-bench.ts; what each
 * promises: docs/db.md, "Durability"):
 * - 'off': PGlite's defaults (`-F`, Postgres fsync off). A commit's WAL is written to the operating system at
 *   commit, so a killed process (kill -9) loses nothing, but the OS may keep it in memory: a power cut or OS
 *   crash may lose recent commits or leave the folder damaged.
 * - 'on': Postgres fsync on, nothing more. PGlite's Node file system (Emscripten's NODEFS) has no fsync and
 *   fdatasync is a no-op there, so this promises nothing more than 'off' (kept for the measurement).
 * - 'synced': fsync on, `wal_sync_method=fsync`, and NODEFS given an fsync that calls fs.fsyncSync: a commit
 *   returns once its WAL is on the disk, as a PostgreSQL server with fsync on.
 */
export type Durability = 'off' | 'on' | 'synced';

/** PGlite's default start parameters without `-F` (fsync off). */
const FSYNC_ON_PARAMS = [
  '--single',
  '-O',
  '-j',
  '-c',
  'search_path=public',
  '-c',
  'exit_on_error=false',
  '-c',
  'log_checkpoints=false',
  '-c',
  'max_worker_processes=0',
  '-c',
  'max_parallel_workers=0',
  '-c',
  'max_parallel_workers_per_gather=0',
  '-c',
  'io_method=sync',
  '-c',
  'max_parallel_maintenance_workers=0',
];

type NodeFsStream = { nfd?: number };
type EmscriptenModule = { NODEFS?: { stream_ops: { fsync?: (stream: NodeFsStream) => number } } };

/** `image`: in memory only, a data directory dumped by `dumpDataDir` to start from instead of a fresh initdb. */
export async function openPglite(
  dataDir: string | null,
  opts: { durability?: Durability; image?: Blob } = {},
): Promise<Db> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const durability = dataDir ? (opts.durability ?? 'off') : 'off';
  const watchdog = await prepareWatchdog();
  const db = await PGlite.create(dataDir ?? 'memory://', {
    extensions: { watchdog: watchdog.extension, pgcrypto, uuid_ossp },
    ...(!dataDir && opts.image ? { loadDataDir: opts.image } : {}),
    ...(durability === 'off'
      ? {}
      : {
          startParams: durability === 'synced' ? [...FSYNC_ON_PARAMS, '-c', 'wal_sync_method=fsync'] : FSYNC_ON_PARAMS,
        }),
  });
  if (durability === 'synced') {
    const mod = (db as unknown as { Module?: EmscriptenModule }).Module;
    const ops = mod?.NODEFS?.stream_ops;
    if (!ops) throw new Error('PGlite: no Node file system to make durable');
    ops.fsync = (stream) => {
      if (stream.nfd !== undefined) fs.fsyncSync(stream.nfd);
      return 0;
    };
  }
  const dog = watchdog.start();
  const wrap = (q: Pick<PGlite, 'query' | 'exec'>, limit: () => number | null): Queryable => ({
    async query<T>(sql: string, params: unknown[] = []) {
      const ms = limit();
      const run = () => q.query<T>(sql, params as unknown[]);
      const r = ms ? await dog.run(ms, run) : await run();
      return { rows: r.rows, fields: r.fields, affectedRows: r.affectedRows ?? 0 };
    },
    async exec(sql: string) {
      const ms = limit();
      if (ms) await dog.run(ms, () => q.exec(sql));
      else await q.exec(sql);
    },
  });
  const base = wrap(db, () => null);
  return {
    kind: 'pglite',
    pglite: db,
    ...base,
    async transaction(fn, opts) {
      return db.transaction(async (tx) => {
        if (opts?.readOnly) await tx.query('SET TRANSACTION READ ONLY');
        let ms: number | null = null;
        const q = wrap(tx, () => ms);
        q.limitStatements = (v) => {
          ms = v && v > 0 ? v : null;
        };
        return fn(q);
      });
    },
    async listen(channel, onPayload) {
      const unsub = await db.listen(channel, onPayload);
      return async () => unsub();
    },
    async close() {
      await db.close();
      await dog.stop();
    },
  };
}

export async function openPostgres(url: string): Promise<Db> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    types: { getTypeParser: (oid: number) => textParsers()[oid] ?? defaultParser(oid) },
  });
  const result = <T>(r: pg.QueryResult): QueryResult<T> => ({
    rows: r.rows as T[],
    fields: r.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
    affectedRows: r.rowCount ?? 0,
  });
  const wrap = (c: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T>(sql: string, params: unknown[] = []) {
      return result<T>(await c.query(sql, params));
    },
    async exec(sql: string) {
      await c.query(sql);
    },
  });
  // A pooled connection the server ends while idle (a restart, pg_terminate_backend, a failover) emits an error:
  // pg drops it from the pool and the next query opens another. Unhandled, the event ended the whole process.
  pool.on('error', () => undefined);
  // Every connection the pool opened and has not seen end: close() waits for them (below).
  const open = new Set<pg.Client>();
  pool.on('connect', (c) => {
    open.add(c);
    c.once('end', () => open.delete(c));
  });
  const listeners = new Map<string, Set<(p: string) => void>>();
  let listenClient: pg.PoolClient | null = null;
  let ending = false;
  let connecting: Promise<pg.PoolClient> | null = null;
  /** The LISTEN connection, opened (again) with every channel listened to so far; one opening at a time. */
  const listening = (): Promise<pg.PoolClient> =>
    listenClient ? Promise.resolve(listenClient) : (connecting ??= openListener().finally(() => (connecting = null)));
  const openListener = async (): Promise<pg.PoolClient> => {
    const client = await pool.connect();
    client.on('notification', (n) => listeners.get(n.channel)?.forEach((cb) => cb(n.payload ?? '')));
    // Ended by the server: drop it and listen again on a new connection (notifications sent in between are
    // lost, as after any reconnection; the stack's queues drain what was written meanwhile on their next wake).
    client.on('error', () => {
      if (listenClient !== client) return;
      listenClient = null;
      client.release(true);
      if (!ending && listeners.size) void relisten(0);
    });
    listenClient = client;
    for (const channel of listeners.keys()) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    return client;
  };
  const relisten = async (attempt: number): Promise<void> => {
    try {
      await listening();
    } catch {
      if (!ending) setTimeout(() => void relisten(attempt + 1), Math.min(5000, 100 * 2 ** attempt)).unref?.();
    }
  };
  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction(fn, opts) {
      const client = await pool.connect();
      const together = (runs: (() => Promise<unknown>)[]) => pipelined(client, runs);
      const firstError = (rs: PromiseSettledResult<unknown>[]) => {
        const bad = rs.find((r): r is PromiseRejectedResult => r.status === 'rejected');
        if (bad) throw bad.reason;
        return rs.map((r) => (r as PromiseFulfilledResult<unknown>).value);
      };
      const base = wrap(client);
      const at = { state: 'new' as 'new' | 'open' | 'ended' };
      // BEGIN goes out with the transaction's first statement, pipelined: one round trip for both
      const run = async <R>(f: () => Promise<R>): Promise<R> => {
        if (at.state === 'open') return f();
        if (at.state === 'ended') throw new Error('the transaction has already ended');
        at.state = 'open';
        return firstError(
          await together([() => client.query(opts?.readOnly ? 'BEGIN READ ONLY' : 'BEGIN'), f]),
        )[1] as R;
      };
      // a read asked for at commit: sent with COMMIT as one simple-query batch (no extra round trip)
      let last: { sql: string; done: (r: QueryResult<never>) => void } | null = null;
      const q: Queryable = {
        query: (sql, params) => run(() => base.query(sql, params)),
        exec: (sql) => run(() => base.exec(sql)),
        atCommit: <T>(sql: string) =>
          new Promise<QueryResult<T>>((done) => {
            last = { sql, done: done as (r: QueryResult<never>) => void };
          }),
        async commitWith<T>(sql: string, params: unknown[], read?: string) {
          if (at.state !== 'open') throw new Error('commitWith: the transaction has no statement before');
          // whatever fails, the transaction is over: COMMIT after a failed statement rolls back
          at.state = 'ended';
          const rs = firstError(
            await together([
              () => base.query<T>(sql, params),
              ...(read ? [() => base.query(read)] : []),
              () => client.query('COMMIT'),
            ]),
          );
          return [rs[0], read ? rs[1] : null] as [QueryResult<T>, QueryResult | null];
        },
      };
      try {
        const out = await fn(q);
        const end = last as { sql: string; done: (r: QueryResult<never>) => void } | null;
        if (at.state === 'open') {
          at.state = 'ended';
          if (end) {
            const rs = (await client.query(`${end.sql}; COMMIT`)) as unknown as pg.QueryResult[];
            end.done(result<never>(rs[0]!));
          } else await client.query('COMMIT');
        }
        return out;
      } catch (e) {
        if (at.state === 'open') await client.query('ROLLBACK').catch(() => undefined);
        throw e;
      } finally {
        client.release();
      }
    },
    async listen(channel, onPayload) {
      let set = listeners.get(channel);
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
        // LISTEN twice is harmless: a connection opened just now may have listened to this channel already.
        await (await listening()).query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      }
      set.add(onPayload);
      return async () => {
        set!.delete(onPayload);
      };
    },
    async close() {
      ending = true;
      listenClient?.release();
      listenClient = null;
      // pool.end() settles once it has asked each connection to end, not when the server has closed them; a
      // database dropped right after (the tests' DROP DATABASE … WITH (FORCE)) then terminated a connection still
      // closing, whose FATAL reached a client without an error listener (an uncaught error in the test run).
      const closing = [...open].map((c) => {
        c.on('error', () => undefined);
        return new Promise<void>((r) => (open.has(c) ? c.once('end', () => r()) : r()));
      });
      await pool.end();
      // (a connection still lent out is not ended by the pool: wait for the others, at most 5 s)
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([Promise.all(closing), new Promise((r) => (timer = setTimeout(r, 5000)))]);
      clearTimeout(timer);
    },
  };
}

// pg parses int8/numeric/json by default in ways that differ from PGlite; keep both the same:
// json/jsonb parsed, everything else as pg's defaults except bigint/numeric stay strings.
/**
 * Sends the queries `runs` makes on `client` at once, one round trip (pg's pipeline mode only while they are in
 * flight: set at runtime, re-check on a pg upgrade); all settle.
 */
export async function pipelined(
  client: pg.ClientBase,
  runs: (() => Promise<unknown>)[],
): Promise<PromiseSettledResult<unknown>[]> {
  const c = client as unknown as { pipeline: boolean };
  c.pipeline = true;
  try {
    return await Promise.allSettled(runs.map((run) => run()));
  } finally {
    c.pipeline = false;
  }
}

function defaultParser(oid: number): (v: string) => unknown {
  if (oid === 20 || oid === 1700) return (v) => v;
  return pg.types.getTypeParser(oid);
}

export async function openDb(opts: {
  databaseUrl?: string;
  dataDir?: string | null;
  durability?: Durability;
}): Promise<Db> {
  return opts.databaseUrl
    ? openPostgres(opts.databaseUrl)
    : openPglite(opts.dataDir ?? null, { durability: opts.durability });
}
