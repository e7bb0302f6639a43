// Placeholder until this service is implemented: answers 501 on its prefix.
import type { StackContext } from '../context.ts';
import { sendJson } from '../http/router.ts';

export function registerStorage(ctx: StackContext): void {
  ctx.router.add(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'], '/storage/v1/*rest', (_req, res) => sendJson(res, 501, { message: 'storage is not implemented yet' }));
}
