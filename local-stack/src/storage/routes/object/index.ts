// The object routes, registered in this order: the router takes the first pattern that matches, so the
// fixed prefixes (upload/sign, sign, info, list, list-v2, public, authenticated, move, copy) come before the bare
// `/object/:bucket/*path` routes.
import type { StorageService } from '../../service.ts';
import copyObject from './copyObject.ts';
import createObject from './createObject.ts';
import deleteObject from './deleteObject.ts';
import deleteObjects from './deleteObjects.ts';
import getObject, { getObjectAtPath } from './getObject.ts';
import getObjectInfo from './getObjectInfo.ts';
import getPublicObject from './getPublicObject.ts';
import getSignedObject from './getSignedObject.ts';
import getSignedUploadURL from './getSignedUploadURL.ts';
import getSignedURL from './getSignedURL.ts';
import getSignedURLs from './getSignedURLs.ts';
import listObjects from './listObjects.ts';
import listObjectsV2 from './listObjectsV2.ts';
import moveObject from './moveObject.ts';
import updateObject from './updateObject.ts';
import uploadSignedObject from './uploadSignedObject.ts';

export default function objectRoutes(s: StorageService): void {
  getSignedUploadURL(s);
  uploadSignedObject(s);
  getSignedURLs(s);
  getSignedURL(s);
  getSignedObject(s);
  getObjectInfo(s);
  listObjects(s);
  listObjectsV2(s);
  getPublicObject(s);
  getObject(s);
  moveObject(s);
  copyObject(s);
  deleteObjects(s);
  deleteObject(s);
  createObject(s);
  updateObject(s);
  getObjectAtPath(s);
}
