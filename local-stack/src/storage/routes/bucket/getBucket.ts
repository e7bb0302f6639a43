// GET /bucket/:id: one bucket the caller may select.
import { sendJson } from '../../../http/router.ts';
import { claimsOf } from '../../auth.ts';
import { asCaller, bucketJson } from '../../database.ts';
import { E } from '../../errors.ts';
import { route, type StorageService } from '../../service.ts';

export default function getBucket(s: StorageService): void {
  route(s, 'GET', '/bucket/:id', async (req, res) => {
    const claims = claimsOf(s, req);
    const rows = await asCaller(
      s,
      claims,
      async (tx) =>
        (
          await tx.query<{ b: unknown }>(
            `select ${bucketJson({ type: false })} as b from storage.buckets b where b.id = $1`,
            [req.params.id],
          )
        ).rows,
      {
        readOnly: true,
      },
    );
    if (!rows[0]) throw E.noSuchBucket();
    sendJson(res, 200, rows[0].b);
  });
}
