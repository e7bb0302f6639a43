// GET /render/image/authenticated/:bucket/*path?width&height&resize&quality&format: an image the caller may
// select (RLS on storage.objects), transformed (storage-js `download(path, {transform})`).
import { claimsOf } from '../../auth.ts';
import { asCaller, findObject } from '../../database.ts';
import { E } from '../../errors.ts';
import { parseTransform } from '../../image.ts';
import { sendRendered } from '../../renderer.ts';
import { keyParams } from '../../request.ts';
import { route, type StorageService } from '../../service.ts';

export default function renderAuthenticatedImage(s: StorageService): void {
  route(s, 'GET', '/render/image/authenticated/:bucket/*path', async (req, res) => {
    const claims = claimsOf(s, req);
    const { bucket, name } = keyParams(req);
    const transform = parseTransform((k) => req.query.get(k) ?? undefined, 'querystring');
    const obj = await asCaller(s, claims, (tx) => findObject(tx, bucket, name), { readOnly: true });
    if (!obj) throw E.noSuchKey();
    await sendRendered(s, req, res, obj, transform);
  });
}
