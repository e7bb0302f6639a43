// The storage service: storage-api's HTTP surface under /storage/v1 as storage-js calls it.
// Every object operation is authorised by RLS on storage.objects, run in a transaction as the
// caller's role and JWT claims (as hosted storage does); bucket limits (size, MIME types) are read
// as the superuser. Object bytes live in FileStore (files.ts), one immutable file per version.
import { AsyncLocalStorage } from 'node:async_hooks';
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { StackContext } from '../context.ts';
import type { Queryable } from '../db/db.ts';
import { bearer, HttpError, readBody, sendJson, type Req, type Res } from '../http/router.ts';
import { signJwt, verifyJwt, JwtError, type Claims } from '../jwt.ts';
import { parseSize } from '../config.ts';
import { E, fromDbError } from './errors.ts';
import { FileStore } from './files.ts';
import { markupUnderImageType, OBJECT_CSP, servedContentType } from './content.ts';
import { ROUTE_OPERATIONS } from './operations.ts';

const P = '/storage/v1';
const ROLES = new Set(['anon', 'authenticated', 'service_role']);
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MULTIPART_OVERHEAD = 64 * 1024;

interface ObjectRow {
  id: string;
  name: string;
  bucket_id: string;
  version: string | null;
  metadata: Record<string, unknown> | null;
  user_metadata: Record<string, unknown> | null;
  created_at: string;
  updated_at: string;
  last_accessed_at: string;
}

interface BucketRow {
  id: string;
  public: boolean;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
}

export function hasControlChars(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) return true;
  }
  return false;
}

/** Object keys as storage-api accepts them; also what keeps paths on disk out of reach. */
export function validKey(key: string): boolean {
  if (!key || key.length > 1024 || key.startsWith('/')) return false;
  if (hasControlChars(key) || key.includes('\\')) return false;
  return key.split('/').every((seg) => seg !== '' && seg !== '.' && seg !== '..');
}

function validBucketName(name: string): boolean {
  return (
    name.length > 0 && name.length <= 100 && /^[\w!\-.*'() &$@=;:+,?]+$/.test(name) && name !== '.' && name !== '..'
  );
}

function mimeAllowed(mime: string, allowed: string[] | null): boolean {
  if (!allowed || allowed.length === 0) return true;
  const base = mime.split(';')[0]!.trim().toLowerCase();
  return allowed.some((a) => {
    const x = a.split(';')[0]!.trim().toLowerCase();
    if (x === '*/*' || x === '*') return true;
    if (x.endsWith('/*')) return base.startsWith(x.slice(0, -1));
    return base === x;
  });
}

/** Thrown inside asCaller to undo a trial write (a permission check) without an error. */
class Rollback extends Error {}

const isObj = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

export function registerStorage(ctx: StackContext): void {
  const secret = ctx.config.auth.jwtSecret;
  const files = new FileStore(ctx.filesDir);
  const db = ctx.db;
  /** The storage-api operation name of the request being handled (see operations.ts). */
  const operation = new AsyncLocalStorage<string>();

  // ─── callers ──────────────────────────────────────────────────────────────────
  function claimsOf(req: Req): Claims {
    const header = req.headers.apikey;
    const token = bearer(req) ?? (typeof header === 'string' ? header : null);
    if (!token) throw E.invalidRequest("headers must have required property 'authorization'");
    let claims: Claims;
    try {
      claims = verifyJwt(token, secret);
    } catch (e) {
      throw E.invalidJwt(
        e instanceof JwtError && e.reason === 'expired'
          ? 'jwt expired'
          : e instanceof JwtError && e.reason === 'signature'
            ? 'invalid signature'
            : 'jwt malformed',
      );
    }
    if (typeof claims.role !== 'string' || !ROLES.has(claims.role)) throw E.accessDenied('role not allowed');
    return claims;
  }

  /** Runs `fn` in a transaction as the caller (role + request.jwt.claims), as PostgREST would. */
  async function asCaller<T>(
    claims: Claims | null,
    fn: (tx: Queryable) => Promise<T>,
    opts: { readOnly?: boolean; before?: (tx: Queryable) => Promise<void> } = {},
  ): Promise<T> {
    try {
      return await db.transaction(
        async (tx) => {
          // Superuser work first (row locks, old versions), then the caller's role for the rest.
          if (opts.before) await opts.before(tx);
          // null: the storage service itself (signed upload URLs), which bypasses RLS as on hosted.
          if (claims) {
            await tx.query(
              "select set_config('role', $1, true), set_config('request.jwt.claims', $2, true), set_config('storage.operation', $3, true)",
              [claims.role, JSON.stringify(claims), operation.getStore() ?? ''],
            );
          }
          return fn(tx);
        },
        { readOnly: opts.readOnly },
      );
    } catch (e) {
      if (e instanceof Rollback) return undefined as T;
      throw fromDbError(e);
    }
  }

  const ownerOf = (claims: Claims) => {
    const sub = typeof claims.sub === 'string' && claims.sub ? claims.sub : null;
    return { owner: sub && UUID_RE.test(sub) ? sub : null, owner_id: sub };
  };

  async function bucketById(id: string): Promise<BucketRow | null> {
    const { rows } = await db.query<{ b: BucketRow }>(
      "select json_build_object('id', id, 'public', coalesce(public, false), 'file_size_limit', file_size_limit, 'allowed_mime_types', allowed_mime_types) as b from storage.buckets where id = $1",
      [id],
    );
    return rows[0]?.b ?? null;
  }

  const OBJECT_JSON = `json_build_object('id', o.id, 'name', o.name, 'bucket_id', o.bucket_id, 'version', o.version, 'metadata', o.metadata,
    'user_metadata', o.user_metadata, 'owner', o.owner, 'owner_id', o.owner_id, 'created_at', o.created_at, 'updated_at', o.updated_at, 'last_accessed_at', o.last_accessed_at)`;

  async function findObject(tx: Queryable, bucket: string, name: string): Promise<ObjectRow | null> {
    const { rows } = await tx.query<{ o: ObjectRow }>(
      `select ${OBJECT_JSON} as o from storage.objects o where o.bucket_id = $1 and o.name = $2`,
      [bucket, name],
    );
    return rows[0]?.o ?? null;
  }

  function keyParams(req: Req): { bucket: string; name: string } {
    const bucket = req.params.bucket ?? '';
    const name = req.params.path ?? '';
    if (!validBucketName(bucket)) throw E.invalidBucketName();
    if (!validKey(name)) throw E.invalidKey(name);
    return { bucket, name };
  }

  async function jsonBody(req: Req): Promise<Record<string, unknown>> {
    const buf = await readBody(req, 1024 * 1024).catch(() => {
      throw E.invalidRequest('Body too large');
    });
    if (buf.length === 0) return {};
    try {
      const v = JSON.parse(buf.toString('utf8')) as unknown;
      if (!isObj(v)) throw new Error('not an object');
      return v;
    } catch {
      throw E.invalidRequest('Body is not valid JSON');
    }
  }

  function sendObject(req: Req, res: Res, obj: ObjectRow): void {
    if (!obj.version) throw E.noSuchKey();
    // Open first: an upsert may unlink this version meanwhile; an open descriptor still reads it whole.
    let fd: number;
    try {
      fd = fs.openSync(files.pathOf(obj.version), 'r');
    } catch {
      throw E.noSuchKey();
    }
    const size = fs.fstatSync(fd).size;
    const meta = obj.metadata ?? {};
    const etag = typeof meta.eTag === 'string' ? meta.eTag : undefined;
    const headers: Record<string, string> = {
      'Content-Type': servedContentType(typeof meta.mimetype === 'string' ? meta.mimetype : 'application/octet-stream'),
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': OBJECT_CSP,
      'Content-Length': String(size),
      'Cache-Control': typeof meta.cacheControl === 'string' ? meta.cacheControl : 'no-cache',
      'Last-Modified':
        typeof meta.lastModified === 'string' ? meta.lastModified : new Date(obj.updated_at).toUTCString(),
      'Accept-Ranges': 'none',
    };
    if (etag) headers.ETag = etag;
    const download = req.query.get('download');
    if (download !== null) {
      const fileName = download || obj.name.split('/').pop() || 'download';
      headers['Content-Disposition'] = `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`;
    }
    if ((etag && req.headers['if-none-match'] === etag) || req.method === 'HEAD') {
      fs.closeSync(fd);
      res.writeHead(req.method === 'HEAD' ? 200 : 304, headers);
      res.end();
      return;
    }
    res.writeHead(200, headers);
    fs.createReadStream('', { fd, autoClose: true }).pipe(res);
  }

  type H = (req: Req, res: Res) => Promise<void>;
  const route = (method: string, path: string, h: H) => {
    const op = ROUTE_OPERATIONS[`${method} ${path}`] ?? '';
    ctx.router.add(method, P + path, async (req, res) => {
      try {
        await operation.run(op, () => h(req, res));
      } catch (e) {
        throw fromDbError(e);
      }
    });
  };

  // ─── upload ───────────────────────────────────────────────────────────────────
  /**
   * Writes the row of an object whose file is already stored under `version`, as the caller (RLS):
   * locks the destination name, refuses an existing one unless `upsert`, inserts or overwrites the row,
   * then removes the replaced file, or the new file when the write failed. Returns the replaced version
   * ('' when the old row had none), or null when nothing was there. Used by upload and copy.
   */
  async function writeObjectRow(
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
            if (rows.length) {
              if (!o.upsert) throw E.duplicate();
              oldVersion = rows[0]!.version ?? '';
            }
          },
        },
      );
    } catch (e) {
      await files.remove([o.version]);
      throw e;
    }
    if (oldVersion) await files.remove([oldVersion]);
    return oldVersion;
  }

  async function upload(
    req: Req,
    res: Res,
    upsert: boolean,
    signed?: { owner: string | null; owner_id: string | null },
  ): Promise<void> {
    const claims = signed ? null : claimsOf(req);
    const { bucket: bucketId, name } = keyParams(req);
    const bucket = await bucketById(bucketId);
    if (!bucket) throw E.noSuchBucket();
    const limit = Math.min(bucket.file_size_limit ?? Infinity, ctx.config.storage.fileSizeLimit);
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
      mimetype = file.type || 'application/octet-stream';
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
      const md = req.headers['x-metadata'];
      if (typeof md === 'string' && md) {
        try {
          const v = JSON.parse(Buffer.from(md, 'base64').toString('utf8')) as unknown;
          if (isObj(v)) userMetadata = v;
        } catch {
          throw E.invalidRequest('Invalid metadata');
        }
      }
    }
    if (data.length > limit) throw E.tooLarge();
    if (!mimeAllowed(mimetype, bucket.allowed_mime_types)) throw E.mime(mimetype);
    if (markupUnderImageType(mimetype, data)) throw E.contentMismatch(mimetype);

    const { version, etag } = await files.write(data);
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
    const oldVersion = await writeObjectRow(claims, {
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
      ? await db.query<{ id: string }>('select id::text from storage.objects where bucket_id = $1 and name = $2', [
          bucketId,
          name,
        ])
      : { rows: [{ id }] };
    sendJson(res, 200, { Id: rows[0]?.id ?? id, Key: `${bucketId}/${name}` });
  }

  // ─── signed URLs ──────────────────────────────────────────────────────────────
  const signUrl = (bucket: string, name: string, expiresIn: number) => {
    const now = Math.floor(Date.now() / 1000);
    const token = signJwt({ url: `${bucket}/${name}`, iat: now, exp: now + Math.floor(expiresIn) }, secret);
    return `/object/sign/${bucket}/${name}?token=${token}`;
  };
  const expiresInOf = (body: Record<string, unknown>) => {
    const v = Number(body.expiresIn);
    if (!Number.isFinite(v) || v < 1) throw E.invalidRequest('body/expiresIn must be >= 1');
    return v;
  };

  // Signed upload URLs: the caller's right to insert (or update, with upsert) is checked now, in a
  // rolled-back transaction; the upload itself then runs as the service with the caller as owner.
  route('POST', '/object/upload/sign/:bucket/*path', async (req, res) => {
    const claims = claimsOf(req);
    const { bucket, name } = keyParams(req);
    const upsert = String(req.headers['x-upsert'] ?? '') === 'true';
    if (!(await bucketById(bucket))) throw E.noSuchBucket();
    const { owner, owner_id } = ownerOf(claims);
    await asCaller(claims, async (tx) => {
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
        await tx.query('insert into storage.objects (bucket_id, name, owner, owner_id) values ($1, $2, $3, $4)', [
          bucket,
          name,
          owner,
          owner_id,
        ]);
      }
      throw new Rollback();
    });
    const now = Math.floor(Date.now() / 1000);
    const token = signJwt({ owner: owner_id, url: `${bucket}/${name}`, upsert, iat: now, exp: now + 7200 }, secret);
    sendJson(res, 200, { url: `/object/upload/sign/${bucket}/${name}?token=${token}`, token });
  });

  route('PUT', '/object/upload/sign/:bucket/*path', async (req, res) => {
    const { bucket, name } = keyParams(req);
    const token = req.query.get('token');
    if (!token) throw E.invalidRequest("querystring must have required property 'token'");
    let claims: Claims;
    try {
      claims = verifyJwt(token, secret);
    } catch (e) {
      throw E.invalidJwt(e instanceof JwtError && e.reason === 'expired' ? 'jwt expired' : 'invalid signature');
    }
    if (claims.url !== `${bucket}/${name}`) throw E.invalidSignature();
    const ownerId = typeof claims.owner === 'string' ? claims.owner : null;
    await upload(req, res, claims.upsert === true, {
      owner: ownerId && UUID_RE.test(ownerId) ? ownerId : null,
      owner_id: ownerId,
    });
  });

  route('POST', '/object/sign/:bucket', async (req, res) => {
    const claims = claimsOf(req);
    const bucket = req.params.bucket ?? '';
    const body = await jsonBody(req);
    const expiresIn = expiresInOf(body);
    const paths = Array.isArray(body.paths) ? body.paths.filter((p): p is string => typeof p === 'string') : null;
    if (!paths || paths.length === 0) throw E.invalidRequest('body/paths must NOT have fewer than 1 items');
    const visible = await asCaller(
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
          ? { error: null, path: p, signedURL: signUrl(bucket, p, expiresIn) }
          : { error: 'Either the object does not exist or you do not have access to it', path: p, signedURL: null },
      ),
    );
  });

  route('POST', '/object/sign/:bucket/*path', async (req, res) => {
    const claims = claimsOf(req);
    const { bucket, name } = keyParams(req);
    const expiresIn = expiresInOf(await jsonBody(req));
    const obj = await asCaller(claims, (tx) => findObject(tx, bucket, name), { readOnly: true });
    if (!obj) throw E.noSuchKey();
    sendJson(res, 200, { signedURL: signUrl(bucket, name, expiresIn) });
  });

  route('GET', '/object/sign/:bucket/*path', async (req, res) => {
    const { bucket, name } = keyParams(req);
    const token = req.query.get('token');
    if (!token) throw E.invalidRequest("querystring must have required property 'token'");
    let claims: Claims;
    try {
      claims = verifyJwt(token, secret);
    } catch (e) {
      throw E.invalidJwt(e instanceof JwtError && e.reason === 'expired' ? 'jwt expired' : 'invalid signature');
    }
    if (claims.url !== `${bucket}/${name}`) throw E.invalidSignature();
    const obj = await findObject(db, bucket, name);
    if (!obj) throw E.noSuchKey();
    sendObject(req, res, obj);
  });

  // ─── info, list, download ─────────────────────────────────────────────────────
  const info = async (req: Req, res: Res) => {
    const claims = claimsOf(req);
    const { bucket, name } = keyParams(req);
    const obj = await asCaller(claims, (tx) => findObject(tx, bucket, name), { readOnly: true });
    if (!obj) throw E.noSuchKey();
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
  };
  route('GET', '/object/info/authenticated/:bucket/*path', info);
  route('GET', '/object/info/:bucket/*path', info);

  route('POST', '/object/list/:bucket', async (req, res) => {
    const claims = claimsOf(req);
    const bucket = req.params.bucket ?? '';
    const body = await jsonBody(req);
    let prefix = typeof body.prefix === 'string' ? body.prefix : '';
    if (prefix.startsWith('/')) prefix = prefix.replace(/^\/+/, '');
    if (prefix && !prefix.endsWith('/')) prefix += '/';
    const limit = Math.max(0, Math.min(Number(body.limit ?? 100) || 100, 10_000));
    const offset = Math.max(0, Number(body.offset ?? 0) || 0);
    const search = typeof body.search === 'string' ? body.search.toLowerCase() : '';
    const sortBy = isObj(body.sortBy) ? body.sortBy : {};
    const column = ['name', 'created_at', 'updated_at', 'last_accessed_at'].includes(String(sortBy.column))
      ? String(sortBy.column)
      : 'name';
    const desc = String(sortBy.order ?? 'asc').toLowerCase() === 'desc';
    const like = prefix.replace(/[\\%_]/g, (c) => '\\' + c) + '%';
    const rows = await asCaller(
      claims,
      async (tx) =>
        (
          await tx.query<{ o: ObjectRow }>(
            `select ${OBJECT_JSON} as o from storage.objects o where o.bucket_id = $1 and o.name like $2 escape '\\' order by o.name collate "C"`,
            [bucket, like],
          )
        ).rows.map((r) => r.o),
      { readOnly: true },
    );
    type Item = {
      name: string;
      id: string | null;
      updated_at: string | null;
      created_at: string | null;
      last_accessed_at: string | null;
      metadata: Record<string, unknown> | null;
    };
    const folders = new Map<string, Item>();
    const items: Item[] = [];
    for (const o of rows) {
      const rest = o.name.slice(prefix.length);
      const slash = rest.indexOf('/');
      const itemName = slash >= 0 ? rest.slice(0, slash) : rest;
      if (search && !itemName.toLowerCase().startsWith(search)) continue;
      if (slash >= 0) {
        if (!folders.has(itemName)) {
          const f: Item = {
            name: itemName,
            id: null,
            updated_at: null,
            created_at: null,
            last_accessed_at: null,
            metadata: null,
          };
          folders.set(itemName, f);
          items.push(f);
        }
      } else {
        items.push({
          name: itemName,
          id: o.id,
          updated_at: o.updated_at,
          created_at: o.created_at,
          last_accessed_at: o.last_accessed_at,
          metadata: o.metadata,
        });
      }
    }
    const byName = (a: Item, b: Item) => Buffer.compare(Buffer.from(a.name), Buffer.from(b.name)) as number;
    items.sort((a, b) => {
      if (column === 'name') return desc ? -byName(a, b) : byName(a, b);
      const va = a[column as keyof Item] as string | null;
      const vb = b[column as keyof Item] as string | null;
      if (va === vb) return byName(a, b);
      // Postgres order: nulls last ascending, first descending.
      if (va === null) return 1 * (desc ? -1 : 1);
      if (vb === null) return -1 * (desc ? -1 : 1);
      const c = Date.parse(va) - Date.parse(vb);
      return (desc ? -c : c) || byName(a, b);
    });
    sendJson(res, 200, items.slice(offset, offset + limit));
  });

  route('GET', '/object/public/:bucket/*path', async (req, res) => {
    const { bucket: bucketId, name } = keyParams(req);
    const bucket = await bucketById(bucketId);
    if (!bucket || !bucket.public) throw E.noSuchBucket();
    const obj = await findObject(db, bucketId, name);
    if (!obj) throw E.noSuchKey();
    sendObject(req, res, obj);
  });

  const download = async (req: Req, res: Res) => {
    const claims = claimsOf(req);
    const { bucket, name } = keyParams(req);
    const obj = await asCaller(claims, (tx) => findObject(tx, bucket, name), { readOnly: true });
    if (!obj) throw E.noSuchKey();
    sendObject(req, res, obj);
  };
  route('GET', '/object/authenticated/:bucket/*path', download);

  // ─── move, copy, remove ───────────────────────────────────────────────────────
  function moveParams(body: Record<string, unknown>) {
    const bucketId = typeof body.bucketId === 'string' ? body.bucketId : '';
    const sourceKey = typeof body.sourceKey === 'string' ? body.sourceKey : '';
    const destinationKey = typeof body.destinationKey === 'string' ? body.destinationKey : '';
    const destinationBucket =
      typeof body.destinationBucket === 'string' && body.destinationBucket ? body.destinationBucket : bucketId;
    if (!validBucketName(bucketId) || !validBucketName(destinationBucket)) throw E.invalidBucketName();
    if (!validKey(sourceKey)) throw E.invalidKey(sourceKey);
    if (!validKey(destinationKey)) throw E.invalidKey(destinationKey);
    return { bucketId, sourceKey, destinationKey, destinationBucket };
  }

  /** The destination bucket's size and type rules, for an object moved or copied there (as storage-api). */
  function mustFit(dest: BucketRow, src: ObjectRow): void {
    const meta = src.metadata ?? {};
    const size = Number(meta.size ?? meta.contentLength ?? 0);
    if (size > Math.min(dest.file_size_limit ?? Infinity, ctx.config.storage.fileSizeLimit)) throw E.tooLarge();
    const mimetype = typeof meta.mimetype === 'string' ? meta.mimetype : 'application/octet-stream';
    if (!mimeAllowed(mimetype, dest.allowed_mime_types)) throw E.mime(mimetype);
  }

  route('POST', '/object/move', async (req, res) => {
    const claims = claimsOf(req);
    const m = moveParams(await jsonBody(req));
    const dest = await bucketById(m.destinationBucket);
    if (!dest) throw E.noSuchBucket();
    await asCaller(claims, async (tx) => {
      const src = await findObject(tx, m.bucketId, m.sourceKey);
      if (!src) throw E.noSuchKey();
      mustFit(dest, src);
      const { affectedRows } = await tx.query(
        'update storage.objects set bucket_id = $3, name = $4, updated_at = now() where bucket_id = $1 and name = $2',
        [m.bucketId, m.sourceKey, m.destinationBucket, m.destinationKey],
      );
      if (affectedRows === 0) throw E.accessDenied('You do not have permission to move this object');
    });
    sendJson(res, 200, { message: 'Successfully moved' });
  });

  route('POST', '/object/copy', async (req, res) => {
    const claims = claimsOf(req);
    const body = await jsonBody(req);
    const m = moveParams(body);
    const upsert = String(req.headers['x-upsert'] ?? '') === 'true';
    const dest = await bucketById(m.destinationBucket);
    if (!dest) throw E.noSuchBucket();
    const src = await asCaller(claims, (tx) => findObject(tx, m.bucketId, m.sourceKey), { readOnly: true });
    if (!src || !src.version) throw E.noSuchKey();
    mustFit(dest, src);
    const version = await files.copy(src.version).catch(() => {
      throw E.noSuchKey();
    });
    const id = crypto.randomUUID();
    const { owner, owner_id } = ownerOf(claims);
    const userMetadata =
      body.copyMetadata === false ? (isObj(body.metadata) ? body.metadata : null) : src.user_metadata;
    await writeObjectRow(claims, {
      id,
      bucket: m.destinationBucket,
      name: m.destinationKey,
      owner,
      owner_id,
      metadata: src.metadata ?? {},
      userMetadata,
      version,
      upsert,
      touch: false,
    });
    sendJson(res, 200, { Id: id, Key: `${m.destinationBucket}/${m.destinationKey}` });
  });

  route('DELETE', '/object/:bucket', async (req, res) => {
    const claims = claimsOf(req);
    const bucket = req.params.bucket ?? '';
    const body = await jsonBody(req);
    const prefixes = Array.isArray(body.prefixes)
      ? body.prefixes.filter((p): p is string => typeof p === 'string')
      : null;
    if (!prefixes || prefixes.length === 0 || prefixes.length > 1000)
      throw E.invalidRequest('body/prefixes must have between 1 and 1000 items');
    // DELETE … RETURNING: hosted needs SELECT and DELETE policies to remove objects.
    const deleted = await asCaller(claims, async (tx) => {
      const { rows } = await tx.query<{ o: ObjectRow }>(
        `delete from storage.objects o where o.bucket_id = $1 and o.name = any($2::text[]) returning ${OBJECT_JSON} as o`,
        [bucket, prefixes],
      );
      return rows.map((r) => r.o);
    });
    await files.remove(deleted.map((o) => o.version));
    sendJson(res, 200, deleted);
  });

  route('DELETE', '/object/:bucket/*path', async (req, res) => {
    const claims = claimsOf(req);
    const { bucket, name } = keyParams(req);
    const deleted = await asCaller(claims, async (tx) => {
      const { rows } = await tx.query<{ version: string | null }>(
        'delete from storage.objects where bucket_id = $1 and name = $2 returning version',
        [bucket, name],
      );
      return rows;
    });
    if (deleted.length === 0) throw E.noSuchKey();
    await files.remove(deleted.map((o) => o.version));
    sendJson(res, 200, { message: 'Successfully deleted' });
  });

  route('POST', '/object/:bucket/*path', (req, res) =>
    upload(req, res, String(req.headers['x-upsert'] ?? '') === 'true'),
  );
  route('PUT', '/object/:bucket/*path', (req, res) => upload(req, res, true));
  route('GET', '/object/:bucket/*path', download);

  // ─── buckets ──────────────────────────────────────────────────────────────────
  const BUCKET_JSON = `json_build_object('id', b.id, 'name', b.name, 'owner', b.owner, 'public', coalesce(b.public, false), 'type', 'STANDARD',
    'file_size_limit', b.file_size_limit, 'allowed_mime_types', b.allowed_mime_types, 'created_at', b.created_at, 'updated_at', b.updated_at)`;

  function bucketOptions(body: Record<string, unknown>): {
    public?: boolean;
    file_size_limit?: number | null;
    allowed_mime_types?: string[] | null;
  } {
    const out: ReturnType<typeof bucketOptions> = {};
    if (body.public !== undefined) out.public = body.public === true;
    if (body.file_size_limit !== undefined) {
      const v = body.file_size_limit;
      if (v === null) out.file_size_limit = null;
      else {
        const n = typeof v === 'number' ? v : parseSize(v, NaN);
        if (!Number.isFinite(n) || n < 0)
          throw E.invalidRequest('Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B');
        out.file_size_limit = Math.floor(n);
      }
    }
    if (body.allowed_mime_types !== undefined) {
      const v = body.allowed_mime_types;
      if (v === null) out.allowed_mime_types = null;
      else if (Array.isArray(v) && v.every((x) => typeof x === 'string' && /^[\w.+-]+\/[\w.+*-]+(;.*)?$|^\*$/.test(x)))
        out.allowed_mime_types = v as string[];
      else throw E.invalidRequest('Invalid mime type format');
    }
    return out;
  }

  route('GET', '/bucket', async (req, res) => {
    const claims = claimsOf(req);
    const rows = await asCaller(
      claims,
      async (tx) =>
        (await tx.query<{ b: unknown }>(`select ${BUCKET_JSON} as b from storage.buckets b order by b.name`)).rows.map(
          (r) => r.b,
        ),
      {
        readOnly: true,
      },
    );
    sendJson(res, 200, rows);
  });

  route('GET', '/bucket/:id', async (req, res) => {
    const claims = claimsOf(req);
    const rows = await asCaller(
      claims,
      async (tx) =>
        (
          await tx.query<{ b: unknown }>(`select ${BUCKET_JSON} as b from storage.buckets b where b.id = $1`, [
            req.params.id,
          ])
        ).rows,
      {
        readOnly: true,
      },
    );
    if (!rows[0]) throw E.noSuchBucket();
    sendJson(res, 200, rows[0].b);
  });

  route('POST', '/bucket', async (req, res) => {
    const claims = claimsOf(req);
    const body = await jsonBody(req);
    const name = typeof body.name === 'string' ? body.name : '';
    const id = typeof body.id === 'string' && body.id ? body.id : name;
    if (!validBucketName(id) || !validBucketName(name || id)) throw E.invalidBucketName();
    const o = bucketOptions(body);
    const { owner, owner_id } = ownerOf(claims);
    await asCaller(claims, async (tx) => {
      const exists = await tx.query('select 1 from storage.buckets where id = $1 or name = $2', [id, name || id]);
      if (exists.rows.length) throw E.duplicate('BucketAlreadyExists');
      await tx.query(
        'insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types) values ($1, $2, $3, $4, $5, $6, $7)',
        [id, name || id, owner, owner_id, o.public ?? false, o.file_size_limit ?? null, o.allowed_mime_types ?? null],
      );
    }).catch((e: unknown) => {
      throw e instanceof HttpError && (e.body as { statusCode?: string }).statusCode === '409'
        ? E.duplicate('BucketAlreadyExists')
        : e;
    });
    sendJson(res, 200, { name: id });
  });

  route('PUT', '/bucket/:id', async (req, res) => {
    const claims = claimsOf(req);
    const o = bucketOptions(await jsonBody(req));
    const sets: string[] = ['updated_at = now()'];
    const params: unknown[] = [req.params.id];
    for (const [k, v] of Object.entries(o)) {
      params.push(v);
      sets.push(`${k} = $${params.length}`);
    }
    const n = await asCaller(
      claims,
      async (tx) =>
        (await tx.query(`update storage.buckets set ${sets.join(', ')} where id = $1`, params)).affectedRows,
    );
    if (n === 0) throw E.noSuchBucket();
    sendJson(res, 200, { message: 'Successfully updated' });
  });

  route('DELETE', '/bucket/:id', async (req, res) => {
    const claims = claimsOf(req);
    const id = req.params.id ?? '';
    const { rows } = await db.query('select 1 from storage.objects where bucket_id = $1 limit 1', [id]);
    if (rows.length) throw E.bucketNotEmpty();
    const n = await asCaller(
      claims,
      async (tx) => (await tx.query('delete from storage.buckets where id = $1', [id])).affectedRows,
    );
    if (n === 0) throw E.noSuchBucket();
    sendJson(res, 200, { message: 'Successfully deleted' });
  });

  route('POST', '/bucket/:id/empty', async (req, res) => {
    const claims = claimsOf(req);
    const id = req.params.id ?? '';
    const found = await asCaller(
      claims,
      async (tx) => (await tx.query('select 1 from storage.buckets where id = $1', [id])).rows.length > 0,
      { readOnly: true },
    );
    if (!found) throw E.noSuchBucket();
    const versions = await asCaller(
      claims,
      async (tx) =>
        (
          await tx.query<{ version: string | null }>(
            'delete from storage.objects where bucket_id = $1 returning version',
            [id],
          )
        ).rows,
    );
    await files.remove(versions.map((v) => v.version));
    sendJson(res, 200, { message: 'Successfully emptied' });
  });

  ctx.router.add(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'], `${P}/*rest`, (_req, res) =>
    sendJson(res, 404, { statusCode: '404', error: 'Not Found', message: 'Route not found' }),
  );
}
