// POST /bucket/:id/empty: remove every object of a bucket; for the service role only (storage-api registers it
// behind its role check: any other role is answered 403 "Access denied: Invalid role").
import { sendJson } from '../../../http/router.ts';
import { claimsOf } from '../../auth.ts';
import { asCaller } from '../../database.ts';
import { E } from '../../errors.ts';
import { route, type StorageService } from '../../service.ts';

export default function emptyBucket(s: StorageService): void {
  route(s, 'POST', '/bucket/:id/empty', async (req, res) => {
    const claims = claimsOf(s, req);
    if (claims.role !== 'service_role') throw E.invalidRole();
    const id = req.params.id ?? '';
    const found = await asCaller(
      s,
      claims,
      async (tx) => (await tx.query('select 1 from storage.buckets where id = $1', [id])).rows.length > 0,
      { readOnly: true },
    );
    if (!found) throw E.noSuchBucket();
    const versions = await asCaller(
      s,
      claims,
      async (tx) =>
        (
          await tx.query<{ version: string | null }>(
            'delete from storage.objects where bucket_id = $1 returning version',
            [id],
          )
        ).rows,
    );
    await s.files.remove(versions.map((v) => v.version));
    // hosted empties in a background job and says so; here the objects are gone when it answers
    sendJson(res, 200, { message: 'Empty bucket has been queued. Completion may take up to an hour.' });
  });
}
