// The migration rule (README, "Where a change goes"): a migration that has shipped is never edited, because
// hosted Supabase applied it once and will never apply it again; the schema changes by a new migration.
// `migrations-shipped.txt` lists every shipped migration with the SHA-256 of its content.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const projectDir = path.resolve(import.meta.dirname, '..', '..');
const shipped = fs
  .readFileSync(path.join(projectDir, 'migrations-shipped.txt'), 'utf8')
  .split('\n')
  .filter((line) => line.trim() && !line.startsWith('#'))
  .map((line) => {
    const [sha, file] = line.trim().split(/\s+/);
    return { sha, file };
  });

describe('shipped migrations', () => {
  it('lists at least the first migration', () => {
    expect(shipped.length).toBeGreaterThan(0);
  });

  it.each(shipped)('$file is unchanged since it shipped', ({ sha, file }) => {
    const full = path.join(projectDir, 'migrations', file);
    expect(fs.existsSync(full), `${file} was deleted or renamed; add a new migration instead`).toBe(true);
    const actual = crypto.createHash('sha256').update(fs.readFileSync(full)).digest('hex');
    expect(actual, `${file} was edited after it shipped; revert it and write a new migration`).toBe(sha);
  });

  it('every new migration sorts after the last shipped one', () => {
    const last = shipped
      .map((s) => s.file)
      .sort()
      .at(-1)!;
    const listed = new Set(shipped.map((s) => s.file));
    const early = fs
      .readdirSync(path.join(projectDir, 'migrations'))
      .filter((f) => f.endsWith('.sql') && !listed.has(f) && f < last);
    expect(early, 'a new migration must sort after every shipped one, or hosted Supabase will refuse it').toEqual([]);
  });
});
