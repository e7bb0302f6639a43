// GET /bucket: the buckets the caller may select (RLS on storage.buckets). `search` keeps those whose name
// contains it (case-insensitive; `%`, `_` and `\` match themselves, not as LIKE wildcards); `sortColumn`
// (id, name, created_at, updated_at; default name) and `sortOrder` (asc, desc) order them; `limit` and `offset` page.
import { sendJson } from '../../../http/router.ts';
import { claimsOf } from '../../auth.ts';
import { asCaller, bucketJson } from '../../database.ts';
import { E } from '../../errors.ts';
import { route, type StorageService } from '../../service.ts';

const SORT_COLUMNS = new Set(['id', 'name', 'created_at', 'updated_at']);

/** A whole number ≥ 0 from the query, or undefined when absent. */
function count(value: string | null, name: string): number | undefined {
  if (value === null || value === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw E.invalidRequest(`querystring/${name} must be >= 0`);
  return n;
}

export default function getAllBuckets(s: StorageService): void {
  route(s, 'GET', '/bucket', async (req, res) => {
    const claims = claimsOf(s, req);
    const q = req.query;
    const column = q.get('sortColumn') || 'name';
    if (!SORT_COLUMNS.has(column))
      throw E.invalidRequest('querystring/sortColumn must be equal to one of the allowed values');
    const order = (q.get('sortOrder') || 'asc').toLowerCase();
    if (order !== 'asc' && order !== 'desc')
      throw E.invalidRequest('querystring/sortOrder must be equal to one of the allowed values');
    const limit = count(q.get('limit'), 'limit');
    const offset = count(q.get('offset'), 'offset');
    const search = q.get('search') ?? '';
    const params: unknown[] = [];
    let where = '';
    if (search) {
      params.push(`%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      where = `where b.name ilike $${params.length}`;
    }
    let page = '';
    if (limit !== undefined) page += ` limit ${limit}`;
    if (offset !== undefined) page += ` offset ${offset}`;
    const rows = await asCaller(
      s,
      claims,
      async (tx) =>
        (
          await tx.query<{ b: unknown }>(
            `select ${bucketJson({ type: true })} as b from storage.buckets b ${where} order by b.${column} ${order}, b.id${page}`,
            params,
          )
        ).rows.map((r) => r.b),
      {
        readOnly: true,
      },
    );
    sendJson(res, 200, rows);
  });
}
