// Errors that stop the stack from starting, worded for the person who started it: which part failed
// (a port, the data folder, a migration or seed file) and what to do about it.
import type { Db } from './db.ts';

/** A part of the stack that could not start; `part` names it ("API", "migrations", …). */
export class StackStartError extends Error {
  constructor(
    readonly part: string,
    message: string,
  ) {
    super(`${part}: ${message}`);
    this.name = 'StackStartError';
  }
}

const pgCode = (e: unknown) =>
  typeof e === 'object' && e !== null && 'code' in e ? String((e as { code: unknown }).code) : '';
const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * The extension a failed CREATE EXTENSION asked for when the database does not have it, from
 * Postgres' own wording ("extension "postgis" is not available", or on older servers "could not open
 * extension control file ".../postgis.control"").
 */
export function missingExtension(e: unknown): string | null {
  const m = messageOf(e);
  return (
    /extension "([^"]+)" is not available/.exec(m)?.[1] ??
    /could not open extension control file "[^"]*\/([^/"]+)\.control"/.exec(m)?.[1] ??
    null
  );
}

/** Why a migration or seed file failed, naming the file; a missing extension says how to get it. */
export function sqlFileError(db: Db, kind: 'migration' | 'seed file', file: string, e: unknown): StackStartError {
  const ext = missingExtension(e);
  const part = kind === 'migration' ? 'migrations' : 'seed';
  if (ext && db.kind === 'pglite') {
    return new StackStartError(
      part,
      `${kind} ${file} needs the PostgreSQL extension "${ext}", which the embedded database (PGlite) does not have. ` +
        `Serve this project from a PostgreSQL server that has "${ext}" installed instead: ` +
        `DATABASE_URL=postgresql://USER:PASSWORD@HOST:PORT/DATABASE (see local-stack/README.md, "Extensions").`,
    );
  }
  if (ext) {
    return new StackStartError(
      part,
      `${kind} ${file} needs the PostgreSQL extension "${ext}", which the server at DATABASE_URL does not have ` +
        `installed. Install it on that server (PostGIS on Debian/Ubuntu: the postgresql-<version>-postgis-3 package).`,
    );
  }
  const code = pgCode(e);
  return new StackStartError(part, `${kind} ${file} failed: ${messageOf(e)}${code ? ` (SQLSTATE ${code})` : ''}`);
}
