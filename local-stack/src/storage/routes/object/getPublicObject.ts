// GET /object/public/:bucket/*path: an object of a public bucket, to anyone (no token, no RLS).
import type { Req } from '../../../http/router.ts';
import { bucketById, findObject, type ObjectRow } from '../../database.ts';
import { E } from '../../errors.ts';
import { sendObject } from '../../renderer.ts';
import { keyParams } from '../../request.ts';
import { route, type StorageService } from '../../service.ts';

/** The object the path names in a public bucket, read as storage itself (NoSuchBucket / NoSuchKey). */
export async function findPublicObject(s: StorageService, req: Req): Promise<ObjectRow> {
  const { bucket: bucketId, name } = keyParams(req);
  const bucket = await bucketById(s, bucketId);
  if (!bucket || !bucket.public) throw E.noSuchBucket();
  const obj = await findObject(s.db, bucketId, name);
  if (!obj) throw E.noSuchKey();
  return obj;
}

export default function getPublicObject(s: StorageService): void {
  route(s, 'GET', '/object/public/:bucket/*path', async (req, res) => {
    sendObject(s, req, res, await findPublicObject(s, req));
  });
}
