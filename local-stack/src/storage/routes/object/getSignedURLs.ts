// POST /object/sign/:bucket `{expiresIn, paths}`: signed download URLs for several objects; an object the
// caller may not select (or that does not exist) gets an error entry, never a URL.
import { sendJson } from '../../../http/router.ts';
import { claimsOf } from '../../auth.ts';
import { asCaller } from '../../database.ts';
import { E } from '../../errors.ts';
import { jsonBody } from '../../request.ts';
import { route, type StorageService } from '../../service.ts';
import { expiresInOf, signUrl } from '../../signing.ts';

export default function getSignedURLs(s: StorageService): void {
  route(s, 'POST', '/object/sign/:bucket', async (req, res) => {
    const claims = claimsOf(s, req);
    const bucket = req.params.bucket ?? '';
    const body = await jsonBody(req);
    const expiresIn = expiresInOf(body);
    const paths = Array.isArray(body.paths) ? body.paths.filter((p): p is string => typeof p === 'string') : null;
    if (!paths || paths.length === 0) throw E.invalidRequest('body/paths must NOT have fewer than 1 items');
    const visible = await asCaller(
      s,
      claims,
      async (tx) => {
        const { rows } = await tx.query<{ name: string }>(
          'select name from storage.objects where bucket_id = $1 and name = any($2::text[])',
          [bucket, paths],
        );
        return new Set(rows.map((r) => r.name));
      },
      { readOnly: true },
    );
    sendJson(
      res,
      200,
      paths.map((p) =>
        visible.has(p)
          ? { error: null, path: p, signedURL: signUrl(s, bucket, p, expiresIn) }
          : { error: 'Either the object does not exist or you do not have access to it', path: p, signedURL: null },
      ),
    );
  });
}
