// The stack's database against hosted Supabase's catalogue (issue 42, item 2): roles and their attributes,
// memberships, role and database settings, default ACLs for the API roles, schema owners, the tables and columns
// of auth, storage and realtime with their RLS, read on both backends by the queries the extraction script uses
// (conformance/hosted-catalogue/catalogue.ts) and compared with the facts it derived from the upstream sources
// (conformance/hosted-catalogue/hosted-catalogue.json). Every difference left is listed, with its reason, in
// conformance/hosted-catalogue/known-differences.ts: a new difference fails, and so does a listed one that is gone.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { differences, readCatalogue, type Query } from '../../conformance/hosted-catalogue/catalogue.ts';
import { FACTS_FILE, type FactsFile } from '../../conformance/hosted-catalogue/extract.ts';
import { KNOWN_DIFFERENCES, knownFor } from '../../conformance/hosted-catalogue/known-differences.ts';
import { BACKENDS, repoSupabaseDir, startTestStack, stopPgServer, type TestStack } from '../../testing/stack.ts';

afterAll(stopPgServer);

const hosted = (JSON.parse(fs.readFileSync(FACTS_FILE, 'utf8')) as FactsFile).catalogue;

describe('hosted catalogue: the list of known differences', () => {
  it('gives each entry a reason and lists each difference once per backend', () => {
    for (const k of KNOWN_DIFFERENCES) expect(k.reason.trim(), k.differences[0]).not.toBe('');
    for (const backend of BACKENDS) {
      const lines = knownFor(backend);
      expect(lines.length).toBe(new Set(lines).size);
    }
  });
});

describe.each(BACKENDS)('hosted catalogue on %s', (backend) => {
  let stack: TestStack;
  beforeAll(async () => {
    // The base alone: a project with the repo's config.toml and no migrations, so nothing a project's
    // migrations change is counted.
    const workdir = fs.mkdtempSync(path.join(os.tmpdir(), 'gm-catalogue-'));
    fs.copyFileSync(path.join(repoSupabaseDir, 'config.toml'), path.join(workdir, 'config.toml'));
    stack = await startTestStack(backend, { seed: false, workdir });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('differs from hosted only as known-differences.ts says', async () => {
    const q: Query = <T>(sql: string) => stack.db.query<T>(sql);
    const found = differences(hosted, await readCatalogue(q));
    const known = knownFor(backend);
    const fresh = found.filter((d) => !known.includes(d));
    const gone = known.filter((d) => !found.includes(d));
    // HOSTED_CATALOGUE_DUMP=FILE writes the differences found to FILE.<backend>, to update the list from.
    if (process.env.HOSTED_CATALOGUE_DUMP)
      fs.writeFileSync(`${process.env.HOSTED_CATALOGUE_DUMP}.${backend}`, found.join('\n') + '\n');
    expect({ new: fresh, 'listed but no longer different (remove from the list)': gone }).toEqual({
      new: [],
      'listed but no longer different (remove from the list)': [],
    });
  });
});
