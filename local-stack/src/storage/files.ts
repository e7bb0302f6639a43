// Object bytes on disk. Each stored version is one file named by its version id (a UUID), so object
// names never reach the file system (no traversal, no name clashes between "a" and "a/b"). Files are
// written to a temp file and renamed into place, so a reader never sees half a file.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export class FileStore {
  private readonly objectsDir: string;
  private readonly tmpDir: string;

  constructor(root: string) {
    this.objectsDir = path.join(root, 'objects');
    this.tmpDir = path.join(root, 'tmp');
    fs.mkdirSync(this.objectsDir, { recursive: true });
    fs.mkdirSync(this.tmpDir, { recursive: true });
  }

  pathOf(version: string): string {
    if (!/^[0-9a-f-]{36}$/.test(version)) throw new Error('bad version id');
    return path.join(this.objectsDir, version);
  }

  /** Writes bytes as a new version; returns its id and the MD5 used as ETag. */
  async write(data: Buffer): Promise<{ version: string; etag: string }> {
    const version = crypto.randomUUID();
    const tmp = path.join(this.tmpDir, `${version}.part`);
    try {
      const fh = await fs.promises.open(tmp, 'w');
      try {
        await fh.writeFile(data);
        await fh.sync();
      } finally {
        await fh.close();
      }
      await fs.promises.rename(tmp, this.pathOf(version));
    } catch (e) {
      await fs.promises.rm(tmp, { force: true }).catch(() => undefined);
      throw e;
    }
    return { version, etag: `"${crypto.createHash('md5').update(data).digest('hex')}"` };
  }

  async copy(fromVersion: string): Promise<string> {
    const version = crypto.randomUUID();
    const tmp = path.join(this.tmpDir, `${version}.part`);
    try {
      await fs.promises.copyFile(this.pathOf(fromVersion), tmp);
      await fs.promises.rename(tmp, this.pathOf(version));
    } catch (e) {
      await fs.promises.rm(tmp, { force: true }).catch(() => undefined);
      throw e;
    }
    return version;
  }

  async remove(versions: (string | null | undefined)[]): Promise<void> {
    for (const v of versions) {
      if (v) await fs.promises.rm(this.pathOf(v), { force: true }).catch(() => undefined);
    }
  }
}
