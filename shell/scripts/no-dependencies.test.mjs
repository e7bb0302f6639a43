// `npm start` and `npm test` run shell/scripts/platform.mjs on a fresh clone, before any dependency is
// installed (it installs them). So it, and every file it imports, may import only Node's own modules and
// other files by relative path: a package name would fail with ERR_MODULE_NOT_FOUND before anything starts.
import fs from 'node:fs';
import path from 'node:path';
import { builtinModules } from 'node:module';
import { describe, expect, it } from 'vitest';

const entry = path.join(import.meta.dirname, 'platform.mjs');
const importsOf = (file) =>
  [...fs.readFileSync(file, 'utf8').matchAll(/^\s*(?:import|export)\b[^'"]*?from\s+['"]([^'"]+)['"]/gm)].map(
    (m) => m[1],
  );

describe('platform.mjs on a fresh clone', () => {
  it('imports nothing but Node modules and relative files, all the way down', () => {
    const seen = new Set();
    const bad = [];
    const visit = (file) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const spec of importsOf(file)) {
        if (spec.startsWith('.')) visit(path.resolve(path.dirname(file), spec));
        else if (!spec.startsWith('node:') && !builtinModules.includes(spec))
          bad.push(`${path.relative(process.cwd(), file)} imports ${spec}`);
      }
    };
    visit(entry);
    expect(seen.size).toBeGreaterThan(2);
    expect(bad).toEqual([]);
  });
});
