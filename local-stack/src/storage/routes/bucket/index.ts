// The bucket routes.
import type { StorageService } from '../../service.ts';
import createBucket from './createBucket.ts';
import deleteBucket from './deleteBucket.ts';
import emptyBucket from './emptyBucket.ts';
import getAllBuckets from './getAllBuckets.ts';
import getBucket from './getBucket.ts';
import updateBucket from './updateBucket.ts';

export default function bucketRoutes(s: StorageService): void {
  getAllBuckets(s);
  getBucket(s);
  createBucket(s);
  updateBucket(s);
  deleteBucket(s);
  emptyBucket(s);
}
