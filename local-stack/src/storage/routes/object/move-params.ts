// The body of a move or copy: `{bucketId, sourceKey, destinationKey, destinationBucket?}`.
import { E } from '../../errors.ts';
import { validBucketName, validKey } from '../../limits.ts';

export function moveParams(body: Record<string, unknown>) {
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
