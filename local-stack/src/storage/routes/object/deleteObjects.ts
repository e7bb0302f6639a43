// DELETE /object/:bucket `{prefixes}`: remove up to 1000 objects; answers the rows removed (those the
// caller may select and delete: DELETE … RETURNING needs both policies, as on hosted).
import { sendJson } from '../../../http/router.ts';
import { claimsOf } from '../../auth.ts';
import { asCaller, OBJECT_JSON, type ObjectRow } from '../../database.ts';
import { E } from '../../errors.ts';
import { jsonBody } from '../../request.ts';
import { route, type StorageService } from '../../service.ts';

export default function deleteObjects(s: StorageService): void {
  route(s, 'DELETE', '/object/:bucket', async (req, res) => {
    const claims = claimsOf(s, req);
    const bucket = req.params.bucket ?? '';
    const body = await jsonBody(req);
    const prefixes = Array.isArray(body.prefixes)
      ? body.prefixes.filter((p): p is string => typeof p === 'string')
      : null;
    if (!prefixes || prefixes.length === 0 || prefixes.length > 1000)
      throw E.invalidRequest('body/prefixes must have between 1 and 1000 items');
    // DELETE … RETURNING: hosted needs SELECT and DELETE policies to remove objects.
    const deleted = await asCaller(s, claims, async (tx) => {
      const { rows } = await tx.query<{ o: ObjectRow }>(
        `delete from storage.objects o where o.bucket_id = $1 and o.name = any($2::text[]) returning ${OBJECT_JSON} as o`,
        [bucket, prefixes],
      );
      return rows.map((r) => r.o);
    });
    await s.files.remove(deleted.map((o) => o.version));
    sendJson(res, 200, deleted);
  });
}
