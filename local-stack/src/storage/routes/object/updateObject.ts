// PUT /object/:bucket/*path: replace an object (an upload that always overwrites).
import { upload } from '../../uploader.ts';
import { route, type StorageService } from '../../service.ts';

export default function updateObject(s: StorageService): void {
  route(s, 'PUT', '/object/:bucket/*path', (req, res) => upload(s, req, res, true));
}
