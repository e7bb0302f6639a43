import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { withBuildId } from './sw-build-id.ts';

const source = fs.readFileSync(path.resolve(import.meta.dirname, '../public/sw.js'), 'utf8');
const build = (code: string) => /const BUILD = '([^']*)';/.exec(code)?.[1];

describe('the service worker carries the build id', () => {
  it('writes an id that follows the build’s files, and changes nothing else', () => {
    const a = withBuildId(source, ['index.html', 'static/js/index.1234abcd.js', 'sw.js']);
    expect(build(source)).toBe('dev');
    expect(build(a)).toMatch(/^[0-9a-f]{12}$/);
    expect(a.replace(/const BUILD = '[^']*';/, '')).toBe(source.replace(/const BUILD = '[^']*';/, ''));
    // Same files in another order: same id. One file changed (a new hash in its name): another id.
    expect(build(withBuildId(source, ['sw.js', 'static/js/index.1234abcd.js', 'index.html']))).toBe(build(a));
    expect(build(withBuildId(source, ['index.html', 'static/js/index.99999999.js', 'sw.js']))).not.toBe(build(a));
  });

  it('refuses a worker without the line to write into', () => {
    expect(() => withBuildId('self.addEventListener("fetch", () => {});', ['a.js'])).toThrow(/const BUILD/);
  });
});
