// DELETE /object/:bucket/*path: remove one object the caller may delete (AccessDenied for one that exists
// but RLS keeps from them, NoSuchKey for one that does not exist).
import { sendJson } from '../../../http/router.ts';
import { claimsOf } from '../../auth.ts';
import { asCaller } from '../../database.ts';
import { E } from '../../errors.ts';
import { keyParams } from '../../request.ts';
import { route, type StorageService } from '../../service.ts';

export default function deleteObject(s: StorageService): void {
  route(s, 'DELETE', '/object/:bucket/*path', async (req, res) => {
    const claims = claimsOf(s, req);
    const { bucket, name } = keyParams(req);
    const deleted = await asCaller(s, claims, async (tx) => {
      const { rows } = await tx.query<{ version: string | null }>(
        'delete from storage.objects where bucket_id = $1 and name = $2 returning version',
        [bucket, name],
      );
      return rows;
    });
    if (deleted.length === 0) {
      // storage-api looks the object up as itself first: one that exists but the caller may not delete is
      // AccessDenied, only a missing one is NoSuchKey
      const { rows } = await s.db.query('select 1 from storage.objects where bucket_id = $1 and name = $2', [
        bucket,
        name,
      ]);
      throw rows.length ? E.accessDenied() : E.noSuchKey();
    }
    await s.files.remove(deleted.map((o) => o.version));
    sendJson(res, 200, { message: 'Successfully deleted' });
  });
}
