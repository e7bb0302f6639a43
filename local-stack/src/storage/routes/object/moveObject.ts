// POST /object/move: rename an object (also into another bucket, whose rules it must fit), as the caller.
import { sendJson } from '../../../http/router.ts';
import { claimsOf } from '../../auth.ts';
import { asCaller, bucketById, findObject } from '../../database.ts';
import { E } from '../../errors.ts';
import { mustFit } from '../../limits.ts';
import { jsonBody } from '../../request.ts';
import { route, type StorageService } from '../../service.ts';
import { moveParams } from './move-params.ts';

export default function moveObject(s: StorageService): void {
  route(s, 'POST', '/object/move', async (req, res) => {
    const claims = claimsOf(s, req);
    const m = moveParams(await jsonBody(req));
    const dest = await bucketById(s, m.destinationBucket);
    if (!dest) throw E.noSuchBucket();
    await asCaller(s, claims, async (tx) => {
      const src = await findObject(tx, m.bucketId, m.sourceKey);
      if (!src) throw E.noSuchKey();
      mustFit(s, dest, src);
      const { affectedRows } = await tx.query(
        'update storage.objects set bucket_id = $3, name = $4, updated_at = now() where bucket_id = $1 and name = $2',
        [m.bucketId, m.sourceKey, m.destinationBucket, m.destinationKey],
      );
      if (affectedRows === 0) throw E.accessDenied('You do not have permission to move this object');
    });
    sendJson(res, 200, { message: 'Successfully moved' });
  });
}
