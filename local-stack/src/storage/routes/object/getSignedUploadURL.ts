// POST /object/upload/sign/:bucket/*path: a signed upload URL. The caller's right to insert (or update,
// with `x-upsert`) is checked now, in a rolled-back transaction, with the user metadata of `x-metadata` (which
// policies may test); the upload itself then runs as the service
// with the caller as owner (uploadSignedObject.ts).
import { sendJson } from '../../../http/router.ts';
import { signJwt } from '../../../jwt.ts';
import { claimsOf, ownerOf } from '../../auth.ts';
import { asCaller, bucketById, Rollback } from '../../database.ts';
import { E } from '../../errors.ts';
import { keyParams, xMetadata } from '../../request.ts';
import { route, type StorageService } from '../../service.ts';

export default function getSignedUploadURL(s: StorageService): void {
  route(s, 'POST', '/object/upload/sign/:bucket/*path', async (req, res) => {
    const claims = claimsOf(s, req);
    const { bucket, name } = keyParams(req);
    const upsert = String(req.headers['x-upsert'] ?? '') === 'true';
    if (!(await bucketById(s, bucket))) throw E.noSuchBucket();
    const { owner, owner_id } = ownerOf(claims);
    const userMetadata = xMetadata(req);
    await asCaller(s, claims, async (tx) => {
      const exists =
        (await tx.query('select 1 from storage.objects where bucket_id = $1 and name = $2', [bucket, name])).rows
          .length > 0;
      if (exists && !upsert) throw E.duplicate();
      if (exists) {
        if (
          (
            await tx.query('update storage.objects set updated_at = now() where bucket_id = $1 and name = $2', [
              bucket,
              name,
            ])
          ).affectedRows === 0
        )
          throw E.rls();
      } else {
        await tx.query(
          'insert into storage.objects (bucket_id, name, owner, owner_id, user_metadata) values ($1, $2, $3, $4, $5::jsonb)',
          [bucket, name, owner, owner_id, userMetadata ? JSON.stringify(userMetadata) : null],
        );
      }
      throw new Rollback();
    });
    const now = Math.floor(Date.now() / 1000);
    const token = signJwt(
      { owner: owner_id, url: `${bucket}/${name}`, upsert, scope: 'upload', iat: now, exp: now + 7200 },
      s.secret,
    );
    sendJson(res, 200, { url: `/object/upload/sign/${bucket}/${name}?token=${token}`, token });
  });
}
