// The storage service: storage-api's HTTP surface under /storage/v1 as storage-js calls it, one module
// per route as storage-api arranges them (routes/object, routes/bucket). Every object operation is
// authorised by RLS on storage.objects, run in a transaction as the caller's role and JWT claims (as
// hosted storage does); bucket limits (size, MIME types) are read as the superuser. Object bytes live in
// FileStore (files.ts), one immutable file per version. What lives where: README.md.
import type { StackContext } from '../context.ts';
import { sendJson } from '../http/router.ts';
import bucketRoutes from './routes/bucket/index.ts';
import healthRoutes from './routes/health/index.ts';
import objectRoutes from './routes/object/index.ts';
import renderRoutes from './routes/render/index.ts';
import { createStorageService, PREFIX } from './service.ts';

export function registerStorage(ctx: StackContext): void {
  const s = createStorageService(ctx);
  healthRoutes(s);
  objectRoutes(s);
  bucketRoutes(s);
  renderRoutes(s);
  ctx.router.add(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'], `${PREFIX}/*rest`, (_req, res) =>
    sendJson(res, 404, { statusCode: '404', error: 'Not Found', message: 'Route not found' }),
  );
}
