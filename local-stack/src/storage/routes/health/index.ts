// The routes outside /object and /bucket that need no token: liveness and version.
import type { StorageService } from '../../service.ts';
import status from './status.ts';
import version from './version.ts';

export default function healthRoutes(s: StorageService): void {
  status(s);
  version(s);
}
