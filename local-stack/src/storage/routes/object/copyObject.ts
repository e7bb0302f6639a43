// POST /object/copy: a new object with a copy of another's bytes (a new file version), written as the
// caller; `x-upsert: true` overwrites the destination. With `copyMetadata: false` the copy's user metadata is
// the `x-metadata` header's (none without it), and the body's `metadata.cacheControl` / `metadata.mimetype`
// replace the source's (those not given are kept), as storage-api copies.
import crypto from 'node:crypto';
import { sendJson } from '../../../http/router.ts';
import { claimsOf, ownerOf } from '../../auth.ts';
import { asCaller, bucketById, findObject } from '../../database.ts';
import { E } from '../../errors.ts';
import { mustFit } from '../../limits.ts';
import { isObj, jsonBody, xMetadata } from '../../request.ts';
import { route, type StorageService } from '../../service.ts';
import { writeObjectRow } from '../../uploader.ts';
import { moveParams } from './move-params.ts';

export default function copyObject(s: StorageService): void {
  route(s, 'POST', '/object/copy', async (req, res) => {
    const claims = claimsOf(s, req);
    const body = await jsonBody(req);
    const m = moveParams(body);
    const upsert = String(req.headers['x-upsert'] ?? '') === 'true';
    const dest = await bucketById(s, m.destinationBucket);
    if (!dest) throw E.noSuchBucket();
    const src = await asCaller(s, claims, (tx) => findObject(tx, m.bucketId, m.sourceKey), { readOnly: true });
    if (!src || !src.version) throw E.noSuchKey();
    mustFit(s, dest, src);
    const version = await s.files.copy(src.version).catch(() => {
      throw E.noSuchKey();
    });
    const id = crypto.randomUUID();
    const { owner, owner_id } = ownerOf(claims);
    const keep = body.copyMetadata !== false;
    const userMetadata = keep ? src.user_metadata : xMetadata(req);
    const metadata = { ...(src.metadata ?? {}) };
    if (!keep && isObj(body.metadata)) {
      const { cacheControl, mimetype } = body.metadata;
      if (typeof cacheControl === 'string') metadata.cacheControl = cacheControl;
      if (typeof mimetype === 'string') metadata.mimetype = mimetype;
    }
    await writeObjectRow(s, claims, {
      id,
      bucket: m.destinationBucket,
      name: m.destinationKey,
      owner,
      owner_id,
      metadata,
      userMetadata,
      version,
      upsert,
      touch: false,
    });
    sendJson(res, 200, { Id: id, Key: `${m.destinationBucket}/${m.destinationKey}` });
  });
}
