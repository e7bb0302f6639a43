// GET /object/sign/:bucket/*path?token=…: an object through a signed URL (the token is the permission).
import { findObject } from '../../database.ts';
import { E } from '../../errors.ts';
import { sendObject } from '../../renderer.ts';
import { keyParams } from '../../request.ts';
import { route, type StorageService } from '../../service.ts';
import { verifyUrlToken } from '../../signing.ts';

export default function getSignedObject(s: StorageService): void {
  route(s, 'GET', '/object/sign/:bucket/*path', async (req, res) => {
    const { bucket, name } = keyParams(req);
    verifyUrlToken(s, req, bucket, name, 'download');
    const obj = await findObject(s.db, bucket, name);
    if (!obj) throw E.noSuchKey();
    sendObject(s, req, res, obj);
  });
}
