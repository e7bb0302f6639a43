// supabase/types/database.ts must match the migrated schema: regenerate in memory on each backend
// and compare with the committed file (run `pnpm --filter @guestmap/supabase gen:types` to update).
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '@supabase/supabase-js';
import {
  BACKENDS,
  repoSupabaseDir,
  startTestStack,
  stopPgServer,
  type TestStack,
} from '@guestmap/local-stack/testing/stack.ts';
import { renderTypes } from '@guestmap/local-stack/src/gen-types.ts';
import type { Database, Tables, TablesInsert } from '../../types/database.ts';

afterAll(stopPgServer);

const committed = () => fs.readFileSync(path.join(repoSupabaseDir, 'types', 'database.ts'), 'utf8');

describe.each(BACKENDS)('generated types on %s', (backend) => {
  let s: TestStack;
  beforeAll(async () => {
    s = await startTestStack(backend, { seed: false });
  });
  afterAll(async () => {
    await s?.stop();
  });

  it('types/database.ts is up to date with the migrations', async () => {
    const fresh = await renderTypes(s.db);
    expect(fresh, 'types/database.ts is stale: run `pnpm --filter @guestmap/supabase gen:types`').toBe(committed());
  });
});

// Compile-time check (tsc over tests/): the generated Database plugs into supabase-js's generic.
export async function typedUsage(): Promise<void> {
  const db = createClient<Database>('http://127.0.0.1:54321', 'anon-key');
  const { data } = await db.from('activities').select('id, slug, title, customers(name)').eq('customer_id', 'hanoi');
  const first: { id: string; slug: string; customers: { name: string } } | undefined = data?.[0];
  // @ts-expect-error -- unknown columns are a type error
  await db.from('activities').select('id').eq('no_such_column', 1);
  const { data: created } = await db.rpc('create_customer', {
    p_id: 'my-hotel',
    p_name: 'My Hotel',
    p_kind: 'hotel',
    p_latitude: 10.7,
    p_longitude: 106.7,
  });
  const slug: string | undefined = created?.id;
  const { data: status } = await db.rpc('check_customer_slug', { p_id: 'my-hotel' });
  const s: string | null = status;
  const row: Tables<'customers'> | null = null;
  const insert: TablesInsert<'favourites'> = { user_id: 'u', activity_id: 'a' };
  void [first, slug, s, row, insert];
}
