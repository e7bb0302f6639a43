// GET /object/info/authenticated/:bucket/*path and GET /object/info/:bucket/*path: an object's metadata
// (storage-js `info()`), for a caller who may select it; GET /object/info/public/:bucket/*path: the same for
// an object of a public bucket, to anyone (no token, no RLS), as storage-api's public info route. HEAD on
// any of them answers the object's own headers (ETag, length, type, cache control), as a HEAD of the object.
import { sendJson, type Req, type Res } from '../../../http/router.ts';
import { claimsOf } from '../../auth.ts';
import { asCaller, findObject, type ObjectRow } from '../../database.ts';
import { E } from '../../errors.ts';
import { sendObject } from '../../renderer.ts';
import { keyParams } from '../../request.ts';
import { route, type StorageService } from '../../service.ts';
import { findPublicObject } from './getPublicObject.ts';

function sendInfo(s: StorageService, req: Req, res: Res, obj: ObjectRow): void {
  if (req.method === 'HEAD') return sendObject(s, req, res, obj);
  const m = obj.metadata ?? {};
  sendJson(res, 200, {
    id: obj.id,
    name: obj.name,
    version: obj.version,
    bucket_id: obj.bucket_id,
    size: m.size ?? null,
    content_type: m.mimetype ?? null,
    cache_control: m.cacheControl ?? null,
    etag: m.eTag ?? null,
    metadata: obj.user_metadata ?? {},
    last_modified: obj.updated_at,
    created_at: obj.created_at,
  });
}

export default function getObjectInfo(s: StorageService): void {
  const info = async (req: Req, res: Res) => {
    const claims = claimsOf(s, req);
    const { bucket, name } = keyParams(req);
    const obj = await asCaller(s, claims, (tx) => findObject(tx, bucket, name), { readOnly: true });
    if (!obj) throw E.noSuchKey();
    sendInfo(s, req, res, obj);
  };
  route(s, 'GET', '/object/info/public/:bucket/*path', async (req, res) => {
    sendInfo(s, req, res, await findPublicObject(s, req));
  });
  route(s, 'GET', '/object/info/authenticated/:bucket/*path', info);
  route(s, 'GET', '/object/info/:bucket/*path', info);
}
