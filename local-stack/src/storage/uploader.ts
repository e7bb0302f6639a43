// Uploads (storage-api's storage/uploader): the body (raw or multipart) checked against the bucket's size
// and type rules and for markup under an image type, stored as a new file version, then the row written as
// the caller (RLS). Copies write their row the same way.
import crypto from 'node:crypto';
import { HttpError, readBody, sendJson, type Req, type Res } from '../http/router.ts';
import type { Claims } from '../jwt.ts';
import { claimsOf, ownerOf } from './auth.ts';
import { markupUnderImageType } from './content.ts';
import { asCaller, bucketById } from './database.ts';
import { E } from './errors.ts';
import { mimeAllowed, sizeLimit } from './limits.ts';
import { isObj, keyParams, xMetadata } from './request.ts';
import type { StorageService } from './service.ts';

const MULTIPART_OVERHEAD = 64 * 1024;

/**
 * Writes the row of an object whose file is already stored under `version`, as the caller (RLS):
 * locks the destination name, refuses an existing one unless `upsert`, inserts or overwrites the row,
 * then removes the replaced file, or the new file when the write failed. Returns the replaced version
 * ('' when the old row had none), or null when nothing was there. Used by upload and copy.
 */
export async function writeObjectRow(
  s: StorageService,
  claims: Claims | null,
  o: {
    id: string;
    bucket: string;
    name: string;
    owner: string | null;
    owner_id: string | null;
    metadata: unknown;
    userMetadata: unknown;
    version: string;
    upsert: boolean;
    /** Also set last_accessed_at on overwrite (uploads do, copies do not). */
    touch: boolean;
  },
): Promise<string | null> {
  let oldVersion: string | null = null;
  try {
    await asCaller(
      s,
      claims,
      async (tx) => {
        const params = [
          o.id,
          o.bucket,
          o.name,
          o.owner,
          o.owner_id,
          JSON.stringify(o.metadata),
          o.userMetadata ? JSON.stringify(o.userMetadata) : null,
          o.version,
        ];
        // No RETURNING: hosted needs only INSERT (and UPDATE for upserts) policies to upload.
        if (oldVersion !== null) {
          const r = await tx.query(
            `update storage.objects set owner = $4, owner_id = $5, metadata = $6::jsonb, user_metadata = $7::jsonb, version = $8,
                    updated_at = now()${o.touch ? ', last_accessed_at = now()' : ''}
              where bucket_id = $2 and name = $3 and $1::uuid is not null`,
            params,
          );
          if (r.affectedRows === 0) throw E.rls();
        } else {
          await tx.query(
            `insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, user_metadata, version)
             values ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8)`,
            params,
          );
        }
      },
      {
        before: async (tx) => {
          const { rows } = await tx.query<{ version: string | null }>(
            'select version from storage.objects where bucket_id = $1 and name = $2 for update',
            [o.bucket, o.name],
          );
          // Without upsert the insert itself meets the existing row: RLS's check comes before the unique
          // key, so a caller the policies refuse hears that rather than that the object exists (storage-api).
          if (rows.length && o.upsert) oldVersion = rows[0]!.version ?? '';
        },
      },
    );
  } catch (e) {
    await s.files.remove([o.version]);
    throw e;
  }
  if (oldVersion) await s.files.remove([oldVersion]);
  return oldVersion;
}

/**
 * Answers an upload to `/object/:bucket/*path`. `signed` is set for an upload through a signed upload
 * URL: it then runs as the storage service itself, with the signer as owner.
 */
export async function upload(
  s: StorageService,
  req: Req,
  res: Res,
  upsert: boolean,
  signed?: { owner: string | null; owner_id: string | null },
): Promise<void> {
  const claims = signed ? null : claimsOf(s, req);
  const { bucket: bucketId, name } = keyParams(req);
  const bucket = await bucketById(s, bucketId);
  if (!bucket) throw E.noSuchBucket();
  const limit = sizeLimit(s, bucket);
  const contentType = String(req.headers['content-type'] ?? '');
  const multipart = /^multipart\/form-data/i.test(contentType);
  const declared = Number(req.headers['content-length']);
  const bodyLimit = multipart ? limit + MULTIPART_OVERHEAD : limit;
  if (Number.isFinite(declared) && declared > bodyLimit) {
    req.resume();
    throw E.tooLarge();
  }
  const raw = await readBody(req, bodyLimit).catch((e: unknown) => {
    throw e instanceof HttpError && e.status === 413 ? E.tooLarge() : e;
  });
  let data: Buffer;
  let mimetype: string;
  let cacheControl: string;
  let userMetadata: Record<string, unknown> | null = null;
  if (multipart) {
    let form: FormData;
    try {
      form = await new Response(new Uint8Array(raw), { headers: { 'content-type': contentType } }).formData();
    } catch {
      throw E.invalidRequest('Invalid multipart body');
    }
    let file = form.get('');
    if (!(file instanceof Blob)) file = [...form.values()].find((v): v is File => v instanceof Blob) ?? null;
    if (!(file instanceof Blob)) throw E.invalidRequest('No content provided');
    data = Buffer.from(await file.arrayBuffer());
    // the form's `contentType` field names the type before the file part's own (storage-api)
    const declared = form.get('contentType');
    mimetype = (typeof declared === 'string' && declared) || file.type || 'application/octet-stream';
    const cc = form.get('cacheControl');
    cacheControl = typeof cc === 'string' && cc ? (/^\d+$/.test(cc) ? `max-age=${cc}` : cc) : 'no-cache';
    const md = form.get('metadata');
    if (typeof md === 'string' && md) {
      try {
        const v = JSON.parse(md) as unknown;
        if (isObj(v)) userMetadata = v;
      } catch {
        throw E.invalidRequest('Invalid metadata');
      }
    }
  } else {
    data = raw;
    mimetype = contentType || 'application/octet-stream';
    cacheControl = String(req.headers['cache-control'] ?? '') || 'no-cache';
    userMetadata = xMetadata(req) ?? userMetadata;
  }
  if (data.length > limit) throw E.tooLarge();
  if (!mimeAllowed(mimetype, bucket.allowed_mime_types)) throw E.mime(mimetype);
  if (markupUnderImageType(mimetype, data)) throw E.contentMismatch(mimetype);

  const { version, etag } = await s.files.write(data);
  const id = crypto.randomUUID();
  const metadata = {
    eTag: etag,
    size: data.length,
    mimetype,
    cacheControl,
    lastModified: new Date().toUTCString(),
    contentLength: data.length,
    httpStatusCode: 200,
  };
  const { owner, owner_id } = signed ?? ownerOf(claims!);
  const oldVersion = await writeObjectRow(s, claims, {
    id,
    bucket: bucketId,
    name,
    owner,
    owner_id,
    metadata,
    userMetadata,
    version,
    upsert,
    touch: true,
  });
  const existed = oldVersion !== null;
  const { rows } = existed
    ? await s.db.query<{ id: string }>('select id::text from storage.objects where bucket_id = $1 and name = $2', [
        bucketId,
        name,
      ])
    : { rows: [{ id }] };
  sendJson(res, 200, { Id: rows[0]?.id ?? id, Key: `${bucketId}/${name}` });
}
