// The operation name of each storage route, as storage-api names them (its `ROUTE_OPERATIONS`). Each
// request runs with it in the `storage.operation` setting, which policies can read (hosted has
// `storage.operation()` for that): this project's listing rules tell an enumeration from a lookup by it.
export const ROUTE_OPERATIONS: Record<string, string> = {
  'POST /object/upload/sign/:bucket/*path': 'storage.object.sign_upload_url',
  'PUT /object/upload/sign/:bucket/*path': 'storage.object.upload_signed',
  'POST /object/sign/:bucket': 'storage.object.sign_many',
  'POST /object/sign/:bucket/*path': 'storage.object.sign',
  'GET /object/sign/:bucket/*path': 'storage.object.get_signed',
  'GET /object/info/authenticated/:bucket/*path': 'storage.object.info_authenticated',
  'GET /object/info/:bucket/*path': 'storage.object.info_authenticated',
  'POST /object/list/:bucket': 'storage.object.list',
  'GET /object/public/:bucket/*path': 'storage.object.get_public',
  'GET /object/authenticated/:bucket/*path': 'storage.object.get_authenticated',
  'POST /object/move': 'storage.object.move',
  'POST /object/copy': 'storage.object.copy',
  'DELETE /object/:bucket': 'storage.object.delete_many',
  'DELETE /object/:bucket/*path': 'storage.object.delete',
  'POST /object/:bucket/*path': 'storage.object.upload',
  'PUT /object/:bucket/*path': 'storage.object.upload_update',
  'GET /object/:bucket/*path': 'storage.object.get_authenticated',
  'GET /bucket': 'storage.bucket.list',
  'GET /bucket/:id': 'storage.bucket.get',
  'POST /bucket': 'storage.bucket.create',
  'PUT /bucket/:id': 'storage.bucket.update',
  'DELETE /bucket/:id': 'storage.bucket.delete',
  'POST /bucket/:id/empty': 'storage.bucket.empty',
};
