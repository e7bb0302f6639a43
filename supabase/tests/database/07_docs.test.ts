// The data model's page (README-data.md) names every migration, and every table, view and RPC of `public` as the
// generated types have them: a change that adds one without a word there fails here (issue 44, item 6: the page
// had stopped several migrations before and missed tables).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = path.resolve(import.meta.dirname, '../..');
const page = fs.readFileSync(path.join(dir, 'README-data.md'), 'utf8');
const types = fs.readFileSync(path.join(dir, 'types/database.ts'), 'utf8');
const named = (name: string) => page.includes(`\`${name}\``) || page.includes(`\`${name}(`);

/** The names under `public`'s `Tables`, `Views` or `Functions` in the generated types. */
function publicNames(kind: 'Tables' | 'Views' | 'Functions'): string[] {
  const pub = types.slice(types.indexOf('  public: {'));
  const order = ['Tables', 'Views', 'Functions', 'Enums'];
  const from = pub.indexOf(`    ${kind}: {`);
  const to = pub.indexOf(`    ${order[order.indexOf(kind) + 1]}: {`);
  return [...pub.slice(from, to).matchAll(/^ {6}(\w+): /gm)].map((m) => m[1]!);
}

describe('README-data.md tells the whole data model', () => {
  it('names every migration', () => {
    const files = fs.readdirSync(path.join(dir, 'migrations')).filter((f) => f.endsWith('.sql'));
    const missing = files.map((f) => f.replace(/\.sql$/, '')).filter((m) => !page.includes(m.slice(10)));
    expect(files.length).toBeGreaterThan(30);
    expect(missing).toEqual([]);
  });
  for (const kind of ['Tables', 'Views', 'Functions'] as const)
    it(`names every one of public's ${kind.toLowerCase()}`, () => {
      const names = publicNames(kind);
      expect(names.length).toBeGreaterThan(0);
      expect(names.filter((n) => !named(n))).toEqual([]);
    });
});
