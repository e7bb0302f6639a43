// POST /object/list/:bucket `{prefix, limit, offset, search, sortBy}`: one folder level of the objects the
// caller may select, folders as entries with null ids, sorted as storage-api sorts (byte order of names).
import { sendJson } from '../../../http/router.ts';
import { claimsOf } from '../../auth.ts';
import { asCaller, OBJECT_JSON, type ObjectRow } from '../../database.ts';
import { isObj, jsonBody } from '../../request.ts';
import { route, type StorageService } from '../../service.ts';

type Item = {
  name: string;
  id: string | null;
  updated_at: string | null;
  created_at: string | null;
  last_accessed_at: string | null;
  metadata: Record<string, unknown> | null;
};

export default function listObjects(s: StorageService): void {
  route(s, 'POST', '/object/list/:bucket', async (req, res) => {
    const claims = claimsOf(s, req);
    const bucket = req.params.bucket ?? '';
    const body = await jsonBody(req);
    let prefix = typeof body.prefix === 'string' ? body.prefix : '';
    if (prefix.startsWith('/')) prefix = prefix.replace(/^\/+/, '');
    if (prefix && !prefix.endsWith('/')) prefix += '/';
    const limit = Math.max(0, Math.min(Number(body.limit ?? 100) || 100, 10_000));
    const offset = Math.max(0, Number(body.offset ?? 0) || 0);
    const search = typeof body.search === 'string' ? body.search.toLowerCase() : '';
    const sortBy = isObj(body.sortBy) ? body.sortBy : {};
    const column = ['name', 'created_at', 'updated_at', 'last_accessed_at'].includes(String(sortBy.column))
      ? String(sortBy.column)
      : 'name';
    const desc = String(sortBy.order ?? 'asc').toLowerCase() === 'desc';
    const like = prefix.replace(/[\\%_]/g, (c) => '\\' + c) + '%';
    const rows = await asCaller(
      s,
      claims,
      async (tx) =>
        (
          await tx.query<{ o: ObjectRow }>(
            `select ${OBJECT_JSON} as o from storage.objects o where o.bucket_id = $1 and o.name like $2 escape '\\' order by o.name collate "C"`,
            [bucket, like],
          )
        ).rows.map((r) => r.o),
      { readOnly: true },
    );
    const folders = new Map<string, Item>();
    const items: Item[] = [];
    for (const o of rows) {
      const rest = o.name.slice(prefix.length);
      const slash = rest.indexOf('/');
      const itemName = slash >= 0 ? rest.slice(0, slash) : rest;
      if (search && !itemName.toLowerCase().startsWith(search)) continue;
      if (slash >= 0) {
        if (!folders.has(itemName)) {
          const f: Item = {
            name: itemName,
            id: null,
            updated_at: null,
            created_at: null,
            last_accessed_at: null,
            metadata: null,
          };
          folders.set(itemName, f);
          items.push(f);
        }
      } else {
        items.push({
          name: itemName,
          id: o.id,
          updated_at: o.updated_at,
          created_at: o.created_at,
          last_accessed_at: o.last_accessed_at,
          metadata: o.metadata,
        });
      }
    }
    const byName = (a: Item, b: Item) => Buffer.compare(Buffer.from(a.name), Buffer.from(b.name)) as number;
    items.sort((a, b) => {
      if (column === 'name') return desc ? -byName(a, b) : byName(a, b);
      const va = a[column as keyof Item] as string | null;
      const vb = b[column as keyof Item] as string | null;
      if (va === vb) return byName(a, b);
      // Postgres order: nulls last ascending, first descending.
      if (va === null) return 1 * (desc ? -1 : 1);
      if (vb === null) return -1 * (desc ? -1 : 1);
      const c = Date.parse(va) - Date.parse(vb);
      return (desc ? -c : c) || byName(a, b);
    });
    sendJson(res, 200, items.slice(offset, offset + limit));
  });
}
