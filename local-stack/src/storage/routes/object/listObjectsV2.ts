// POST /object/list-v2/:bucket `{prefix, limit, cursor, with_delimiter, sortBy: {column, order}}`: the objects
// the caller may select under a prefix, a page at a time (storage-api's listObjectsV2, storage-js `listV2`).
// Without a delimiter every object under the prefix is listed flat; with one, what lies deeper than the next
// `/` is folded into a folder entry (`name` ending in `/`, `id` null, dated by its oldest object), and each
// entry's `key` is its own path segment. Sorted by name (byte order) or by a timestamp then name; the
// opaque `nextCursor` carries the last entry and the sort, so a following page goes on after it (past a
// folder: past all it holds). One query folds and pages in the database, under the caller's RLS.
import { sendJson } from '../../../http/router.ts';
import { claimsOf } from '../../auth.ts';
import { asCaller, isoTime } from '../../database.ts';
import { E } from '../../errors.ts';
import { isObj, jsonBody } from '../../request.ts';
import { route, type StorageService } from '../../service.ts';

type Column = 'name' | 'created_at' | 'updated_at';
type Order = 'asc' | 'desc';
const COLUMNS: Column[] = ['name', 'created_at', 'updated_at'];
const MAX_KEYS = 1000;

interface Cursor {
  /** the last entry's name */
  after: string;
  column: Column;
  order: Order;
  /** the last entry's sort timestamp (ISO, milliseconds) when sorting by one */
  at?: string;
}

const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString('base64url');

function decodeCursor(token: string): Cursor {
  try {
    const c = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as Partial<Cursor>;
    if (
      typeof c.after === 'string' &&
      COLUMNS.includes(c.column as Column) &&
      (c.order === 'asc' || c.order === 'desc') &&
      (c.column === 'name' || (typeof c.at === 'string' && !Number.isNaN(Date.parse(c.at))))
    )
      return c as Cursor;
  } catch {
    // fall through
  }
  throw E.invalidParameter('continuation token');
}

interface Row {
  id: string | null;
  name: string;
  key: string;
  metadata: Record<string, unknown> | null;
  created_at: string | null;
  updated_at: string | null;
  last_accessed_at: string | null;
  sort_at: string | null;
}

export default function listObjectsV2(s: StorageService): void {
  route(s, 'POST', '/object/list-v2/:bucket', async (req, res) => {
    const claims = claimsOf(s, req);
    const bucket = req.params.bucket ?? '';
    const body = await jsonBody(req);
    if (body.limit !== undefined && !(Number.isInteger(body.limit) && (body.limit as number) >= 1))
      throw E.invalidRequest('body/limit must be >= 1');
    if (body.prefix !== undefined && typeof body.prefix !== 'string')
      throw E.invalidRequest('body/prefix must be string');
    const sortBy = isObj(body.sortBy) ? body.sortBy : {};
    if (body.sortBy !== undefined && !COLUMNS.includes(sortBy.column as Column))
      throw E.invalidRequest('body/sortBy/column must be equal to one of the allowed values');
    if (sortBy.order !== undefined && sortBy.order !== 'asc' && sortBy.order !== 'desc')
      throw E.invalidRequest('body/sortBy/order must be equal to one of the allowed values');
    const cursor = typeof body.cursor === 'string' && body.cursor ? decodeCursor(body.cursor) : null;
    const column: Column = cursor?.column ?? (sortBy.column as Column | undefined) ?? 'name';
    const order: Order = cursor?.order ?? (sortBy.order as Order | undefined) ?? 'asc';
    const prefix = (body.prefix as string | undefined) ?? '';
    const delimited = body.with_delimiter === true;
    const limit = Math.min((body.limit as number | undefined) ?? MAX_KEYS, MAX_KEYS);
    // the path segment a `key` names: the one after the prefix's last complete segment
    const level = prefix ? prefix.split('/').length : 1;

    const cmp = order === 'asc' ? '>' : '<';
    const at = `coalesce(date_trunc('milliseconds', l.${column === 'name' ? 'created_at' : column}), 'epoch'::timestamptz)`;
    const after =
      column === 'name'
        ? `l.name collate "C" ${cmp} $6::text`
        : `(${at} ${cmp} $8::timestamptz or (${at} = $8::timestamptz and l.name collate "C" ${cmp} $6::text))`;
    const orderBy = column === 'name' ? `l.name collate "C" ${order}` : `${at} ${order}, l.name collate "C" ${order}`;
    const sql = `
      with entries as (
        select o.id, o.name, o.metadata, o.created_at, o.updated_at, o.last_accessed_at,
          case when $4 and strpos(substr(o.name, length($2) + 1), '/') > 0
            then left(o.name, length($2) + strpos(substr(o.name, length($2) + 1), '/')) end as folder
        from storage.objects o
        where o.bucket_id = $1 and o.name like $3 escape '\\'
      ), listed as (
        select null::uuid as id, folder as name, null::jsonb as metadata, min(created_at) as created_at,
          min(created_at) as updated_at, null::timestamptz as last_accessed_at
        from entries where folder is not null group by folder
        union all
        select id, name, metadata, created_at, updated_at, last_accessed_at from entries where folder is null
      )
      select l.id, l.name, split_part(l.name, '/', $7) as key, l.metadata,
        ${isoTime('l.created_at')} as created_at, ${isoTime('l.updated_at')} as updated_at,
        ${isoTime('l.last_accessed_at')} as last_accessed_at,
        ${column === 'name' ? 'null' : isoTime(at)} as sort_at
      from listed l
      where $6::text is null or ${after}
      order by ${orderBy}
      limit $5`;
    const like = prefix.replace(/[\\%_]/g, (c) => '\\' + c) + '%';
    const rows = await asCaller(
      s,
      claims,
      async (tx) =>
        (
          await tx.query<Row>(sql, [
            bucket,
            prefix,
            like,
            delimited,
            limit + 1,
            cursor?.after ?? null,
            level,
            // the cursor's timestamp, when sorting by one
            ...(column === 'name' ? [] : [cursor?.at ?? null]),
          ])
        ).rows,
      { readOnly: true },
    );
    const hasNext = rows.length > limit;
    const page = rows.slice(0, limit);
    const folders: Record<string, unknown>[] = [];
    const objects: Record<string, unknown>[] = [];
    for (const { sort_at: _sortAt, key, ...r } of page) {
      if (r.id === null) folders.push({ key, ...r });
      else objects.push(delimited ? { key, ...r } : r);
    }
    const last = page.at(-1);
    sendJson(res, 200, {
      hasNext,
      ...(hasNext && last
        ? {
            nextCursor: encodeCursor({
              after: last.name,
              column,
              order,
              ...(last.sort_at ? { at: last.sort_at } : {}),
            }),
            nextCursorKey: last.name,
          }
        : {}),
      folders,
      objects,
    });
  });
}
