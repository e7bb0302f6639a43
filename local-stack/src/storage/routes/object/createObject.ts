// POST /object/:bucket/*path: upload an object; `x-upsert: true` overwrites an existing one.
import { upload } from '../../uploader.ts';
import { route, type StorageService } from '../../service.ts';

export default function createObject(s: StorageService): void {
  route(s, 'POST', '/object/:bucket/*path', (req, res) =>
    upload(s, req, res, String(req.headers['x-upsert'] ?? '') === 'true'),
  );
}
