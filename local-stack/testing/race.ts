// Races on a real PostgreSQL server: one connection per call, every connection first opens its transaction
// and takes its identity (as PostgREST does: role, request.jwt.claims, request.headers set locally), then
// every statement is fired at once; each call commits or rolls back on its own. PGlite serialises
// transactions, so limits, locks and quotas are proven here.
import pg from 'pg';

export interface Settled<T = unknown> {
  ok: boolean;
  /** The first column of the first row, when the statement succeeded. */
  value?: T;
  code?: string;
  /** The error's detail (where the project's RPCs put their error code), else its message. */
  detail?: string;
}

export interface RaceCall {
  /** Runs inside the call's transaction before the race starts (e.g. `impersonate(...)`). */
  prepare?: (client: pg.Client) => Promise<unknown>;
  sql: string;
  params?: unknown[];
}

/** Sets each setting for the transaction only (`set_config(name, value, true)`), in one statement. */
export function impersonate(settings: Record<string, string>): (client: pg.Client) => Promise<unknown> {
  const names = Object.keys(settings);
  const sql = `select ${names.map((_, i) => `set_config($${2 * i + 1}, $${2 * i + 2}, true)`).join(', ')}`;
  return (client) =>
    client.query(
      sql,
      names.flatMap((n) => [n, settings[n]]),
    );
}

export async function race<T = unknown>(dbUrl: string, calls: RaceCall[]): Promise<Settled<T>[]> {
  const clients = calls.map(() => new pg.Client({ connectionString: dbUrl }));
  await Promise.all(clients.map((c) => c.connect()));
  try {
    await Promise.all(
      clients.map(async (c, i) => {
        await c.query('begin');
        await calls[i]!.prepare?.(c);
      }),
    );
    return await Promise.all(
      clients.map(async (c, i): Promise<Settled<T>> => {
        try {
          const { rows } = await c.query(calls[i]!.sql, calls[i]!.params ?? []);
          await c.query('commit');
          return { ok: true, value: (rows[0] ? Object.values(rows[0])[0] : undefined) as T };
        } catch (e) {
          await c.query('rollback');
          const err = e as { code?: string; detail?: string; message?: string };
          return { ok: false, code: err.code, detail: err.detail ?? err.message };
        }
      }),
    );
  } finally {
    await Promise.all(clients.map((c) => c.end()));
  }
}
