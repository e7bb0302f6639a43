// Placeholder until this service is implemented: answers 501 on its prefix.
import type { StackContext } from '../context.ts';
import { sendJson } from '../http/router.ts';

export function registerRest(ctx: StackContext): void {
  ctx.router.add(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'], '/rest/v1/*rest', (_req, res) => sendJson(res, 501, { message: 'rest is not implemented yet' }));
}
