// GET /version: the server's version as plain text (storage-api sends its release; the stack sends its own,
// marked as the local stack's, so no one takes it for a storage-api release).
import { route, type StorageService } from '../../service.ts';

export const STACK_VERSION = 'local-stack-0.1.0';

export default function version(s: StorageService): void {
  route(s, 'GET', '/version', async (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
    res.end(STACK_VERSION);
  });
}
