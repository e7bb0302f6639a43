// What every service of the stack receives: the database, the parsed config, the router,
// the mailbox, and where to keep files. Services are registered in stack.ts.
import type { Db } from './db/db.ts';
import type { StackConfig } from './config.ts';
import type { Router } from './http/router.ts';
import type { Mailbox } from './inbox/mailbox.ts';

export interface StackContext {
  db: Db;
  config: StackConfig;
  router: Router;
  mailbox: Mailbox;
  /** Folder for files (storage objects); null with --memory (then a temp folder is used). */
  filesDir: string;
  /** Public base URL of the API, e.g. http://127.0.0.1:54321 */
  apiUrl: string;
  log: (msg: string) => void;
  /** Cleanup run when the stack stops (timers, sockets). */
  onClose: (fn: () => Promise<void> | void) => void;
}
