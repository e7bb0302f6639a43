// DELETE /bucket/:id: remove an empty bucket.
import { sendJson } from '../../../http/router.ts';
import { claimsOf } from '../../auth.ts';
import { asCaller } from '../../database.ts';
import { E } from '../../errors.ts';
import { route, type StorageService } from '../../service.ts';

export default function deleteBucket(s: StorageService): void {
  route(s, 'DELETE', '/bucket/:id', async (req, res) => {
    const claims = claimsOf(s, req);
    const id = req.params.id ?? '';
    const { rows } = await s.db.query('select 1 from storage.objects where bucket_id = $1 limit 1', [id]);
    if (rows.length) throw E.bucketNotEmpty();
    const n = await asCaller(
      s,
      claims,
      async (tx) => (await tx.query('delete from storage.buckets where id = $1', [id])).affectedRows,
    );
    if (n === 0) throw E.noSuchBucket();
    sendJson(res, 200, { message: 'Successfully deleted' });
  });
}
