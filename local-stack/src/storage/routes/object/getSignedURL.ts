// POST /object/sign/:bucket/*path `{expiresIn, transform?}`: a signed download URL for an object the caller may
// select; with transformations (and image transformations on) a signed `render/image` URL carrying them.
import { sendJson } from '../../../http/router.ts';
import { claimsOf } from '../../auth.ts';
import { asCaller, findObject } from '../../database.ts';
import { E } from '../../errors.ts';
import { parseTransform, transformationsClaim } from '../../image.ts';
import { isObj, jsonBody, keyParams } from '../../request.ts';
import { route, type StorageService } from '../../service.ts';
import { expiresInOf, signUrl } from '../../signing.ts';

export default function getSignedURL(s: StorageService): void {
  route(s, 'POST', '/object/sign/:bucket/*path', async (req, res) => {
    const claims = claimsOf(s, req);
    const { bucket, name } = keyParams(req);
    const body = await jsonBody(req);
    const expiresIn = expiresInOf(body);
    const transform = isObj(body.transform) ? body.transform : {};
    const transformations = s.ctx.config.storage.imageTransformation
      ? transformationsClaim(parseTransform((k) => transform[k], 'body/transform'))
      : '';
    const obj = await asCaller(s, claims, (tx) => findObject(tx, bucket, name), { readOnly: true });
    if (!obj) throw E.noSuchKey();
    sendJson(res, 200, { signedURL: signUrl(s, bucket, name, expiresIn, transformations) });
  });
}
