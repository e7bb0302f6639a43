// GET /render/image/public/:bucket/*path?width&height&resize&quality&format: an image of a public bucket,
// transformed, to anyone (storage-js `getPublicUrl(path, {transform})`).
import { bucketById, findObject } from '../../database.ts';
import { E } from '../../errors.ts';
import { parseTransform } from '../../image.ts';
import { sendRendered } from '../../renderer.ts';
import { keyParams } from '../../request.ts';
import { route, type StorageService } from '../../service.ts';

export default function renderPublicImage(s: StorageService): void {
  route(s, 'GET', '/render/image/public/:bucket/*path', async (req, res) => {
    const { bucket: bucketId, name } = keyParams(req);
    const transform = parseTransform((k) => req.query.get(k) ?? undefined, 'querystring');
    const bucket = await bucketById(s, bucketId);
    if (!bucket || !bucket.public) throw E.noSuchBucket();
    const obj = await findObject(s.db, bucketId, name);
    if (!obj) throw E.noSuchKey();
    await sendRendered(s, req, res, obj, transform);
  });
}
