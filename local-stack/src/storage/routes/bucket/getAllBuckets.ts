// GET /bucket: the buckets the caller may select (RLS on storage.buckets), by name.
import { sendJson } from '../../../http/router.ts';
import { claimsOf } from '../../auth.ts';
import { asCaller, bucketJson } from '../../database.ts';
import { route, type StorageService } from '../../service.ts';

export default function getAllBuckets(s: StorageService): void {
  route(s, 'GET', '/bucket', async (req, res) => {
    const claims = claimsOf(s, req);
    const rows = await asCaller(
      s,
      claims,
      async (tx) =>
        (
          await tx.query<{ b: unknown }>(
            `select ${bucketJson({ type: true })} as b from storage.buckets b order by b.name`,
          )
        ).rows.map((r) => r.b),
      {
        readOnly: true,
      },
    );
    sendJson(res, 200, rows);
  });
}
