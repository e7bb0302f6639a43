// GET /object/public/:bucket/*path: an object of a public bucket, to anyone (no token, no RLS).
import { bucketById, findObject } from '../../database.ts';
import { E } from '../../errors.ts';
import { sendObject } from '../../renderer.ts';
import { keyParams } from '../../request.ts';
import { route, type StorageService } from '../../service.ts';

export default function getPublicObject(s: StorageService): void {
  route(s, 'GET', '/object/public/:bucket/*path', async (req, res) => {
    const { bucket: bucketId, name } = keyParams(req);
    const bucket = await bucketById(s, bucketId);
    if (!bucket || !bucket.public) throw E.noSuchBucket();
    const obj = await findObject(s.db, bucketId, name);
    if (!obj) throw E.noSuchKey();
    sendObject(s, req, res, obj);
  });
}
