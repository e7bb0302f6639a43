// storage.buckets and storage.objects as the routes read and write them (storage-api's `db` plugin and
// storage/database). Every object operation runs in a transaction as the caller's role and JWT claims, so
// RLS on storage.objects decides, as on hosted; bucket limits are read as the superuser.
import type { Queryable } from '../db/db.ts';
import type { Claims } from '../jwt.ts';
import { fromDbError } from './errors.ts';
import type { StorageService } from './service.ts';

export interface ObjectRow {
  id: string;
  name: string;
  bucket_id: string;
  version: string | null;
  metadata: Record<string, unknown> | null;
  user_metadata: Record<string, unknown> | null;
  created_at: string;
  updated_at: string;
  last_accessed_at: string;
}

export interface BucketRow {
  id: string;
  public: boolean;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
}

/** Thrown inside asCaller to undo a trial write (a permission check) without an error. */
export class Rollback extends Error {}

/** Runs `fn` in a transaction as the caller (role + request.jwt.claims), as PostgREST would. */
export async function asCaller<T>(
  s: StorageService,
  claims: Claims | null,
  fn: (tx: Queryable) => Promise<T>,
  opts: { readOnly?: boolean; before?: (tx: Queryable) => Promise<void> } = {},
): Promise<T> {
  try {
    return await s.db.transaction(
      async (tx) => {
        // Superuser work first (row locks, old versions), then the caller's role for the rest.
        if (opts.before) await opts.before(tx);
        // null: the storage service itself (signed upload URLs), which bypasses RLS as on hosted.
        if (claims) {
          await tx.query(
            "select set_config('role', $1, true), set_config('request.jwt.claims', $2, true), set_config('storage.operation', $3, true)",
            [claims.role, JSON.stringify(claims), s.operation.getStore() ?? ''],
          );
        }
        return fn(tx);
      },
      { readOnly: opts.readOnly },
    );
  } catch (e) {
    if (e instanceof Rollback) return undefined as T;
    throw fromDbError(e);
  }
}

export async function bucketById(s: StorageService, id: string): Promise<BucketRow | null> {
  const { rows } = await s.db.query<{ b: BucketRow }>(
    "select json_build_object('id', id, 'public', coalesce(public, false), 'file_size_limit', file_size_limit, 'allowed_mime_types', allowed_mime_types) as b from storage.buckets where id = $1",
    [id],
  );
  return rows[0]?.b ?? null;
}

export const OBJECT_JSON = `json_build_object('id', o.id, 'name', o.name, 'bucket_id', o.bucket_id, 'version', o.version, 'metadata', o.metadata,
    'user_metadata', o.user_metadata, 'owner', o.owner, 'owner_id', o.owner_id, 'created_at', o.created_at, 'updated_at', o.updated_at, 'last_accessed_at', o.last_accessed_at)`;

/**
 * A timestamp as storage-api's JSON has it: node-postgres reads `timestamptz` as a JS Date, which serialises as
 * ISO 8601 in UTC with milliseconds (`2021-02-17T04:43:32.770Z`), not Postgres' text (`…32.770206+00:00`).
 */
export const isoTime = (expr: string) => `to_char(${expr} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A bucket as storage-api answers it: `GET /bucket/:id` selects the columns without `type`; `GET /bucket`
 * adds `type` (for clients that know it: hosted leaves it out for old supabase-py/storage3 only).
 */
export const bucketJson = (opts: { type: boolean }) =>
  `json_build_object('id', b.id, 'name', b.name, 'owner', b.owner, 'public', coalesce(b.public, false),${opts.type ? " 'type', 'STANDARD'," : ''}
    'file_size_limit', b.file_size_limit, 'allowed_mime_types', b.allowed_mime_types, 'created_at', ${isoTime('b.created_at')}, 'updated_at', ${isoTime('b.updated_at')})`;

export async function findObject(tx: Queryable, bucket: string, name: string): Promise<ObjectRow | null> {
  const { rows } = await tx.query<{ o: ObjectRow }>(
    `select ${OBJECT_JSON} as o from storage.objects o where o.bucket_id = $1 and o.name = $2`,
    [bucket, name],
  );
  return rows[0]?.o ?? null;
}
