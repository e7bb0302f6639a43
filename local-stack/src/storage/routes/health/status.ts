// GET /status: the service is up (storage-api's liveness answer: 200, no body, no token needed).
import { route, type StorageService } from '../../service.ts';

export default function status(s: StorageService): void {
  route(s, 'GET', '/status', async (_req, res) => {
    res.writeHead(200, { 'content-length': '0' });
    res.end();
  });
}
