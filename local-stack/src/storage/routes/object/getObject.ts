// GET /object/authenticated/:bucket/*path and GET /object/:bucket/*path: download an object the caller may
// select (RLS on storage.objects).
import type { Req, Res } from '../../../http/router.ts';
import { claimsOf } from '../../auth.ts';
import { asCaller, findObject } from '../../database.ts';
import { E } from '../../errors.ts';
import { sendObject } from '../../renderer.ts';
import { keyParams } from '../../request.ts';
import { route, type StorageService } from '../../service.ts';

export function download(s: StorageService) {
  return async (req: Req, res: Res) => {
    const claims = claimsOf(s, req);
    const { bucket, name } = keyParams(req);
    const obj = await asCaller(s, claims, (tx) => findObject(tx, bucket, name), { readOnly: true });
    if (!obj) throw E.noSuchKey();
    sendObject(s, req, res, obj);
  };
}

export default function getObject(s: StorageService): void {
  route(s, 'GET', '/object/authenticated/:bucket/*path', download(s));
}

/** The same download at the bare path; registered last, as its pattern matches every other object path. */
export function getObjectAtPath(s: StorageService): void {
  route(s, 'GET', '/object/:bucket/*path', download(s));
}
