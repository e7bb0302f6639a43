// GET /render/image/sign/:bucket/*path?token=…: an image through a signed URL made with transformations
// (`createSignedUrl(path, expiresIn, {transform})`); the token names the object and the transformations
// (the query's are ignored, so a signed URL cannot be re-used for other renderings).
import { findObject } from '../../database.ts';
import { E } from '../../errors.ts';
import { parseTransformationsClaim } from '../../image.ts';
import { sendRendered } from '../../renderer.ts';
import { keyParams } from '../../request.ts';
import { route, type StorageService } from '../../service.ts';
import { verifyUrlToken } from '../../signing.ts';

export default function renderSignedImage(s: StorageService): void {
  route(s, 'GET', '/render/image/sign/:bucket/*path', async (req, res) => {
    const { bucket, name } = keyParams(req);
    const claims = verifyUrlToken(s, req, bucket, name, 'download');
    const obj = await findObject(s.db, bucket, name);
    if (!obj) throw E.noSuchKey();
    const transform = parseTransformationsClaim(
      typeof claims.transformations === 'string' ? claims.transformations : '',
    );
    const expires = typeof claims.exp === 'number' ? new Date(claims.exp * 1000) : undefined;
    await sendRendered(s, req, res, obj, transform, expires);
  });
}
