// PUT /object/upload/sign/:bucket/*path?token=…: an upload through a signed upload URL, as the service,
// owned by whoever signed it.
import { UUID_RE } from '../../limits.ts';
import { keyParams } from '../../request.ts';
import { route, type StorageService } from '../../service.ts';
import { verifyUrlToken } from '../../signing.ts';
import { upload } from '../../uploader.ts';

export default function uploadSignedObject(s: StorageService): void {
  route(s, 'PUT', '/object/upload/sign/:bucket/*path', async (req, res) => {
    const { bucket, name } = keyParams(req);
    const claims = verifyUrlToken(s, req, bucket, name, 'upload');
    const ownerId = typeof claims.owner === 'string' ? claims.owner : null;
    await upload(s, req, res, claims.upsert === true, {
      owner: ownerId && UUID_RE.test(ownerId) ? ownerId : null,
      owner_id: ownerId,
    });
  });
}
