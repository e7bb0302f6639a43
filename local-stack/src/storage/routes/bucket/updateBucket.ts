// PUT /bucket/:id: change a bucket's options.
import { sendJson } from '../../../http/router.ts';
import { claimsOf } from '../../auth.ts';
import { asCaller } from '../../database.ts';
import { E } from '../../errors.ts';
import { jsonBody } from '../../request.ts';
import { route, type StorageService } from '../../service.ts';
import { bucketOptions } from './options.ts';

export default function updateBucket(s: StorageService): void {
  route(s, 'PUT', '/bucket/:id', async (req, res) => {
    const claims = claimsOf(s, req);
    const o = bucketOptions(await jsonBody(req));
    const sets: string[] = ['updated_at = now()'];
    const params: unknown[] = [req.params.id];
    for (const [k, v] of Object.entries(o)) {
      params.push(v);
      sets.push(`${k} = $${params.length}`);
    }
    const n = await asCaller(
      s,
      claims,
      async (tx) =>
        (await tx.query(`update storage.buckets set ${sets.join(', ')} where id = $1`, params)).affectedRows,
    );
    if (n === 0) throw E.noSuchBucket();
    sendJson(res, 200, { message: 'Successfully updated' });
  });
}
