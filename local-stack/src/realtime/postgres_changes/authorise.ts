// Whether a subscriber may see a change, and what of it (Realtime's RLS check of postgres_changes, in
// `realtime.apply_rls` on hosted): in a read-only transaction as the subscriber's role and claims, the
// columns it may SELECT, and for INSERT/UPDATE on an RLS table whether the row is visible now.
import type { Db } from '../../db/db.ts';
import type { Claims } from '../../jwt.ts';
import { quoteIdent, type CapturedChange } from './capture.ts';

const ROLES = new Set(['anon', 'authenticated', 'service_role']);

/** The old record a DELETE carries before column privileges: the key, or the whole row (FULL, no RLS). */
export function keyOnlyUnlessFull(change: CapturedChange): Record<string, unknown> | null {
  const old = change.old_record;
  if (!old || (change.identity_full && !change.rls)) return old;
  const key: Record<string, unknown> = {};
  for (const c of change.pk) if (c in old) key[c] = old[c];
  return key;
}

/** The change as this subscriber may see it, or null when its role and claims may not. */
export async function authorise(
  db: Db,
  claims: Claims,
  change: CapturedChange,
): Promise<Record<string, unknown> | null> {
  const role = typeof claims.role === 'string' && ROLES.has(claims.role) ? claims.role : null;
  if (!role) return null;
  const table = `${quoteIdent(change.schema_name)}.${quoteIdent(change.table_name)}`;
  const colNames = change.columns.map((c) => c.name);
  return db.transaction(
    async (tx) => {
      await tx.query("select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)", [
        role,
        JSON.stringify(claims),
      ]);
      const { rows: privRows } = await tx.query<{ cols: string[] }>(
        "select array(select c from unnest($1::text[]) c where has_column_privilege($2::oid, c, 'SELECT')) as cols",
        [colNames, change.relid],
      );
      const allowed = new Set(privRows[0]?.cols ?? []);
      if (allowed.size === 0) return null;
      // As hosted: the row check runs for RLS tables only (privileges alone decide otherwise).
      if (change.op !== 'DELETE' && change.rls) {
        const keyCols = change.pk.length ? change.pk : colNames;
        const where = change.pk.length
          ? keyCols.map((c) => `x.${quoteIdent(c)} is not distinct from r.${quoteIdent(c)}`).join(' and ')
          : 'to_jsonb(x) = $1::jsonb';
        const { rows } = await tx.query(
          `select 1 as ok from ${table} x, jsonb_populate_record(null::${table}, $1::jsonb) r where ${where} limit 1`,
          [JSON.stringify(change.record)],
        );
        if (rows.length === 0) return null;
      }
      const pick = (rec: Record<string, unknown> | null, cols: string[]) => {
        const out: Record<string, unknown> = {};
        for (const c of cols) if (rec && c in rec && allowed.has(c)) out[c] = rec[c];
        return out;
      };
      const visibleCols = colNames.filter((c) => allowed.has(c));
      const data: Record<string, unknown> = {
        schema: change.schema_name,
        table: change.table_name,
        commit_timestamp: change.commit_timestamp,
        type: change.op,
        columns: change.columns.filter((c) => allowed.has(c.name)),
      };
      if (change.op !== 'DELETE') data.record = pick(change.record, visibleCols);
      // Old values: only what the replica identity would carry; with RLS only the primary key
      // (the row can no longer be checked), as hosted Realtime does.
      if (change.op === 'DELETE' || (change.op === 'UPDATE' && change.identity_full)) {
        const full = change.identity_full && !change.rls;
        data.old_record = pick(change.old_record, full ? visibleCols : change.pk);
      }
      data.errors = null;
      return data;
    },
    { readOnly: true },
  );
}
