// @vitest-environment node
// The page's customer as the contract gives it to remotes (`Platform.customer`, `useCustomer()`), against
// the real local stack: a reload after a change shows the new row; the same row again changes nothing; a
// reload that gets no answer keeps the row shown.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '@guestmap/shared-ui/contracts';
import { startTestStack, type TestStack } from '@guestmap/local-stack/testing/stack.ts';
import {
  CUSTOMER_COLUMN_LIST,
  CUSTOMER_TEXTS,
  CUSTOMER_WARD,
  EVERY_COLUMN_LISTED,
  customerSource,
  fetchCustomer,
} from './customer.ts';
import { customerSlice, makeStore } from './store.ts';

const ID = 'saigon-riverside-hotel';
let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack('pglite');
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

async function pageWith(db: ReturnType<typeof createDb>) {
  const store = makeStore();
  const first = await fetchCustomer(db, ID);
  if (first.status !== 'loaded') throw new Error(`customer not read: ${first.status}`);
  store.dispatch(customerSlice.actions.reset(ID));
  store.dispatch(customerSlice.actions.loaded(first.row));
  return store;
}

describe('the page customer', () => {
  it('a guest screen’s row has every column of the table (the column list is the generated types’)', async () => {
    const db = createDb(stack.apiUrl, stack.config.auth.anonKey, async () => null);
    const whole = await db.from('customers').select('*').eq('id', ID).single();
    const guest = await fetchCustomer(db, ID, ['en', 'vi']);
    if (guest.status !== 'loaded' || !whole.data) throw new Error(`customer not read: ${guest.status}`);
    expect(Object.keys(guest.row).sort()).toEqual([...Object.keys(whole.data), 'ward'].sort());
    expect([...CUSTOMER_COLUMN_LIST, ...CUSTOMER_TEXTS].sort()).toEqual(Object.keys(whole.data).sort());
    expect(EVERY_COLUMN_LISTED).toBe(true);
  });

  it('the row carries the hotel’s ward and phone, in every read (the emergency sheet’s address offline)', async () => {
    const db = createDb(stack.apiUrl, stack.config.auth.anonKey, async () => null);
    expect(CUSTOMER_WARD).toBe('ward:vn_wards(name, province)');
    for (const texts of [['en'] as const, 'all' as const]) {
      const r = await fetchCustomer(db, ID, texts);
      if (r.status !== 'loaded') throw new Error(`customer not read: ${r.status}`);
      expect(r.row).toMatchObject({
        street: '10 Tôn Đức Thắng',
        phone: '+84 28 3823 4567',
        ward: { name: 'Phường Sài Gòn', province: 'Thành phố Hồ Chí Minh' },
      });
    }
  });

  it('reload() after a change: every reader gets the new row; the same row again keeps the object', async () => {
    const db = createDb(stack.apiUrl, stack.config.auth.anonKey, async () => null);
    const source = customerSource(await pageWith(db), db);
    const seen: string[] = [];
    source.subscribe(() => seen.push(source.get().data?.name ?? ''));
    const { error } = await stack.service().from('customers').update({ name: 'Riverside, renamed' }).eq('id', ID);
    expect(error).toBeNull();
    await source.reload();
    expect(source.get()).toMatchObject({ id: ID, status: 'loaded', data: { name: 'Riverside, renamed' } });
    expect(seen.at(-1)).toBe('Riverside, renamed');
    const before = source.get();
    await source.reload();
    expect(source.get()).toBe(before);
  }, 60_000);

  it('a reload that gets no answer keeps the row shown', async () => {
    const db = createDb(stack.apiUrl, stack.config.auth.anonKey, async () => null);
    const store = await pageWith(db);
    const shown = store.getState().customer.data;
    // The same page, its API now unreachable (nothing listens on that port).
    const source = customerSource(
      store,
      createDb('http://127.0.0.1:59999', 'anon', async () => null),
    );
    await source.reload();
    expect(store.getState().customer).toMatchObject({ id: ID, status: 'loaded' });
    expect(store.getState().customer.data).toBe(shown);
  }, 60_000);
});
