// A place's category (activities.category) is the enum activity_category: the database allows exactly the apps'
// one list (shared-ui/src/categories.js, issue 44 item 5), in its order, and refuses any other value.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestStack, stopPgServer, type TestStack } from '@guestmap/local-stack/testing/stack.ts';
import { CATEGORIES } from '../../../shared-ui/src/categories.js';
import { sqlError } from './support.ts';

afterAll(stopPgServer);

describe.each(BACKENDS)('categories on %s', (backend) => {
  let s: TestStack;
  beforeAll(async () => {
    s = await startTestStack(backend, { seed: false });
  });
  afterAll(async () => {
    await s?.stop();
  });

  it('activities.category takes the enum activity_category', async () => {
    const { rows } = await s.db.query(
      `select udt_name from information_schema.columns
        where table_schema = 'public' and table_name = 'activities' and column_name = 'category'`,
    );
    expect(rows).toEqual([{ udt_name: 'activity_category' }]);
  });

  it('the enum allows exactly the apps’ categories, in their order', async () => {
    const { rows } = await s.db.query(`select unnest(enum_range(null::public.activity_category))::text as c`);
    expect(rows.map((r) => (r as { c: string }).c)).toEqual([...CATEGORIES]);
  });

  it('refuses a value that is not in the list', async () => {
    expect((await sqlError(s.db.query(`select 'restaurant'::public.activity_category`))).code).toBe('22P02');
  });
});
