// What every storage route receives (storage-api hangs the same on each request through its `jwt`, `db`
// and `storage` plugins): the database, the file store, the JWT secret and the stack's config. `route`
// registers a handler under /storage/v1 with its storage-api operation name (operations.ts) set for the
// request, and maps database errors to storage errors.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { StackContext } from '../context.ts';
import type { Db } from '../db/db.ts';
import type { Req, Res } from '../http/router.ts';
import { fromDbError } from './errors.ts';
import { FileStore } from './files.ts';
import { ROUTE_OPERATIONS } from './operations.ts';

export const PREFIX = '/storage/v1';

export interface StorageService {
  ctx: StackContext;
  db: Db;
  files: FileStore;
  secret: string;
  /** The storage-api operation name of the request being handled (see operations.ts). */
  operation: AsyncLocalStorage<string>;
}

export function createStorageService(ctx: StackContext): StorageService {
  return {
    ctx,
    db: ctx.db,
    files: new FileStore(ctx.filesDir),
    secret: ctx.config.auth.jwtSecret,
    operation: new AsyncLocalStorage<string>(),
  };
}

export type StorageHandler = (req: Req, res: Res) => Promise<void>;

/** Registers `method path` (relative to /storage/v1). The first route whose pattern matches wins. */
export function route(s: StorageService, method: string, path: string, h: StorageHandler): void {
  const op = ROUTE_OPERATIONS[`${method} ${path}`] ?? '';
  s.ctx.router.add(method, PREFIX + path, async (req, res) => {
    try {
      await s.operation.run(op, () => h(req, res));
    } catch (e) {
      throw fromDbError(e);
    }
  });
}
