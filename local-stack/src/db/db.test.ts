// Transactions on the PostgreSQL server: BEGIN goes out pipelined with the first statement, a read asked for
// at commit goes out with COMMIT, and a last statement may go with COMMIT (commitWith); what a caller sees must
// stay what one statement at a time gives.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresAvailable, startPgServer, type PgServer } from '../../testing/pg-server.ts';
import { openPostgres, type Db } from './db.ts';

describe.runIf(postgresAvailable())('PostgreSQL transactions (pipelined BEGIN, the last statement with COMMIT)', () => {
  let server: PgServer;
  let db: Db;
  beforeAll(async () => {
    server = await startPgServer();
    db = await openPostgres(await server.createDatabase('db_tx'));
    await db.exec('create table t (id int primary key, note text)');
  });
  afterAll(async () => {
    await db?.close();
    await server?.stop();
  });

  it('the first statement runs inside the transaction: a failure after it rolls it back', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into t values ($1, $2)', [1, 'first']);
        throw new Error('after the first statement');
      }),
    ).rejects.toThrow('after the first statement');
    expect((await db.query('select count(*)::int as n from t')).rows).toEqual([{ n: 0 }]);
    // and a read-only transaction is read-only from its first statement
    await expect(db.transaction((tx) => tx.query(`insert into t values (2, 'x')`), { readOnly: true })).rejects.toThrow(
      /read-only transaction/,
    );
  });

  it('a failing first statement rejects with its error and leaves the connection usable', async () => {
    const failures = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) => db.transaction((tx) => tx.query(`select 1 / ($1::int - $1::int)`, [i]))),
    );
    expect(failures.every((f) => f.status === 'rejected' && /division by zero/.test(String(f.reason)))).toBe(true);
    // every pooled connection answers normally afterwards, inside and outside transactions
    const ok = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        db.transaction(async (tx) => {
          await tx.query('insert into t values ($1, $2)', [100 + i, 'ok']);
          return (await tx.query<{ s: string }>(`select current_setting('transaction_isolation') as s`)).rows[0]!.s;
        }),
      ),
    );
    expect(ok).toEqual(Array(12).fill('read committed'));
    expect((await db.query('select count(*)::int as n from t where id >= 100')).rows).toEqual([{ n: 12 }]);
  });

  it('a read asked for at commit sees the transaction’s settings and runs before COMMIT; a failed commit rolls back', async () => {
    const r = await db.transaction(async (tx) => {
      await tx.query(`select set_config('response.status', '299', true)`);
      await tx.query(`insert into t values (200, 'committed')`);
      // not awaited inside the transaction: it settles with the COMMIT
      const p = tx.atCommit!<{ s: string }>(`select current_setting('response.status', true) as s`);
      return { p };
    });
    expect((await r.p).rows).toEqual([{ s: '299' }]);
    expect((await db.query(`select note from t where id = 200`)).rows).toEqual([{ note: 'committed' }]);
    // a deferred constraint fails at COMMIT: the error is the transaction's, nothing is kept
    await db.exec(`create table d (id int primary key, ref int references d (id) deferrable initially deferred)`);
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into d values (1, 99)');
        return { p: tx.atCommit!(`select 1`) };
      }),
    ).rejects.toThrow(/foreign key/);
    expect((await db.query('select count(*)::int as n from d')).rows).toEqual([{ n: 0 }]);
    expect((await db.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });

  it('commitWith: the last statement, a read and COMMIT in one round trip; a failure anywhere rolls back', async () => {
    const [w, g] = await db.transaction(async (tx) => {
      await tx.query(`select set_config('response.status', '201', true)`);
      return tx.commitWith!(
        `insert into t values ($1, $2)`,
        [300, 'last'],
        `select current_setting('response.status', true) as s`,
      );
    });
    expect(w.affectedRows).toBe(1);
    expect(g!.rows).toEqual([{ s: '201' }]);
    expect((await db.query(`select note from t where id = 300`)).rows).toEqual([{ note: 'last' }]);
    // the statement fails: its error, nothing kept, the connection usable
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`insert into t values (301, 'before')`);
        return tx.commitWith!(`insert into t values ($1, $2)`, [300, 'duplicate'], `select 1`);
      }),
    ).rejects.toThrow(/duplicate key/);
    expect((await db.query(`select count(*)::int as n from t where id = 301`)).rows).toEqual([{ n: 0 }]);
    // COMMIT fails (a deferred constraint): its error, nothing kept
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`select 1`);
        return tx.commitWith!(`insert into d values (5, 77)`, []);
      }),
    ).rejects.toThrow(/foreign key/);
    expect((await db.query('select count(*)::int as n from d')).rows).toEqual([{ n: 0 }]);
    // nothing runs after it, inside what is no longer a transaction
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`select 1`);
        await tx.commitWith!(`insert into t values (302, 'x')`, []);
        await tx.query(`insert into t values (303, 'after')`);
      }),
    ).rejects.toThrow(/already ended/);
    expect((await db.query(`select id from t where id in (302, 303) order by id`)).rows).toEqual([{ id: 302 }]);
    expect((await db.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });
});

// The server ends the stack's connections (a restart, an administrator's pg_terminate_backend, a failover on a
// managed server): idle pooled connections and the LISTEN connection get an error event. Unhandled, that event
// took the whole process down (the stack and every request in it); seen as "terminating connection due to
// administrator command" in a clean-clone CI run. The pool drops such a connection; LISTEN comes back.
describe.runIf(postgresAvailable())('PostgreSQL connections ended by the server', () => {
  let server: PgServer;
  let db: Db;
  let admin: Db;
  beforeAll(async () => {
    server = await startPgServer();
    const url = await server.createDatabase('db_ended');
    db = await openPostgres(url);
    admin = await openPostgres(url);
  });
  afterAll(async () => {
    await db?.close();
    await admin?.close();
    await server?.stop();
  });

  it('the process survives, queries go on, and notifications arrive again', async () => {
    const heard: string[] = [];
    await db.listen('ended_channel', (p) => heard.push(p));
    // Several pooled connections, idle now.
    await Promise.all(Array.from({ length: 4 }, () => db.transaction((tx) => tx.query('select pg_sleep(0.05)'))));
    const mine = async () =>
      (
        await admin.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity
            where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
        )
      ).rows[0]!.n;
    expect(await mine()).toBeGreaterThan(1);
    await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
    );
    await new Promise((r) => setTimeout(r, 300));
    expect((await db.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
    await expect
      .poll(
        async () => {
          await admin.query(`select pg_notify('ended_channel', 'after')`);
          return heard.includes('after');
        },
        { timeout: 10_000, interval: 200 },
      )
      .toBe(true);
  });
});
