// POST /object/sign/:bucket/*path `{expiresIn}`: a signed download URL for an object the caller may select.
import { sendJson } from '../../../http/router.ts';
import { claimsOf } from '../../auth.ts';
import { asCaller, findObject } from '../../database.ts';
import { E } from '../../errors.ts';
import { jsonBody, keyParams } from '../../request.ts';
import { route, type StorageService } from '../../service.ts';
import { expiresInOf, signUrl } from '../../signing.ts';

export default function getSignedURL(s: StorageService): void {
  route(s, 'POST', '/object/sign/:bucket/*path', async (req, res) => {
    const claims = claimsOf(s, req);
    const { bucket, name } = keyParams(req);
    const expiresIn = expiresInOf(await jsonBody(req));
    const obj = await asCaller(s, claims, (tx) => findObject(tx, bucket, name), { readOnly: true });
    if (!obj) throw E.noSuchKey();
    sendJson(res, 200, { signedURL: signUrl(s, bucket, name, expiresIn) });
  });
}
