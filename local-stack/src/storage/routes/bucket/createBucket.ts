// POST /bucket `{id?, name, public?, file_size_limit?, allowed_mime_types?}`: create a bucket, as the caller
// (hosted: the service role, or a policy on storage.buckets).
import { HttpError, sendJson } from '../../../http/router.ts';
import { claimsOf, ownerOf } from '../../auth.ts';
import { asCaller } from '../../database.ts';
import { E } from '../../errors.ts';
import { validBucketName } from '../../limits.ts';
import { jsonBody } from '../../request.ts';
import { route, type StorageService } from '../../service.ts';
import { bucketOptions } from './options.ts';

export default function createBucket(s: StorageService): void {
  route(s, 'POST', '/bucket', async (req, res) => {
    const claims = claimsOf(s, req);
    const body = await jsonBody(req);
    const name = typeof body.name === 'string' ? body.name : '';
    const id = typeof body.id === 'string' && body.id ? body.id : name;
    if (!validBucketName(id) || !validBucketName(name || id)) throw E.invalidBucketName();
    const o = bucketOptions(body);
    const { owner, owner_id } = ownerOf(claims);
    await asCaller(s, claims, async (tx) => {
      // no lookup first: RLS's check on the insert comes before the unique key (a refused caller learns
      // nothing of the other buckets), then a taken id or name is BucketAlreadyExists
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
}
