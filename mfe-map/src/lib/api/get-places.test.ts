// @vitest-environment node
// The guest map's read against the real local stack (PGlite): a map with more places than PostgREST
// answers in one response (max_rows, 1,000 as on hosted Supabase) shows every one of them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '@guestmap/shared-ui/contracts';
import { startTestStack, type TestStack } from '@guestmap/local-stack/testing/stack.ts';
import { fetchPlaces } from './get-places.ts';
import { PAGE_ROWS } from './get-activities-page.ts';
import { fetchPlaceNames } from './get-place-names.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack('pglite');
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

async function addPlaces(customerId: string, n: number, published = true) {
  const rows = Array.from({ length: n }, (_, i) => ({
    customer_id: customerId,
    slug: `generated-${published ? 'p' : 'h'}-${i}`,
    category: 'food',
    title: { en: `Generated ${i}` },
    latitude: 10.77 + i / 100_000,
    longitude: 106.7,
    sort_order: 1000 + i,
    published,
  }));
  for (let i = 0; i < rows.length; i += 500) {
    const { error } = await stack
      .service()
      .from('activities')
      .insert(rows.slice(i, i + 500));
    if (error) throw error;
  }
}

describe('fetchPlaces', () => {
  // Issue 30: an English guest downloads no Chinese, Korean or Japanese; a Korean guest gets Korean.
  it("reads the places' texts in the guest's language and the fallbacks only", async () => {
    const db = createDb(stack.apiUrl, stack.config.auth.anonKey, async () => null);
    const keys = (p: Awaited<ReturnType<typeof fetchPlaces>>) =>
      new Set(
        p.activities.flatMap((a) => [a.title, a.description, a.guest_offer].flatMap((t) => Object.keys(t ?? {}))),
      );
    const en = await fetchPlaces(db, 'saigon-riverside-hotel', 'en-US');
    expect(en.activities.length).toBeGreaterThan(10);
    expect([...keys(en)].sort()).toEqual(['en', 'vi']);
    expect(JSON.stringify(en)).not.toMatch(/[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]/);
    const ko = await fetchPlaces(db, 'saigon-riverside-hotel', 'ko-KR');
    expect([...keys(ko)].sort()).toEqual(['en', 'ko', 'vi']);
    expect(ko.activities.map((a) => a.id)).toEqual(en.activities.map((a) => a.id));
    // The names in every language, for search, come on their own.
    const names = await fetchPlaceNames(db, 'saigon-riverside-hotel');
    expect(names.size).toBe(en.activities.length);
    for (const a of en.activities) expect(names.get(a.id)?.en).toBe(a.title.en);
    expect([...names.values()].every((t) => t.zh && t.ko && t.ja)).toBe(true);
  }, 60_000);

  it('reads every published place of a map larger than one response, each once, in list order', async () => {
    const db = createDb(stack.apiUrl, stack.config.auth.anonKey, async () => null);
    const before = await fetchPlaces(db, 'ho-chi-minh-city');
    await addPlaces('ho-chi-minh-city', 2 * PAGE_ROWS + 150);
    await addPlaces('ho-chi-minh-city', 20, false);
    const after = await fetchPlaces(db, 'ho-chi-minh-city');
    // The customer itself is the shell's read now (useCustomer()): every place read is this customer's.
    expect(after.activities.every((a) => a.customer_id === 'ho-chi-minh-city')).toBe(true);
    expect(after.activities.length).toBe(before.activities.length + 2 * PAGE_ROWS + 150);
    expect(new Set(after.activities.map((a) => a.id)).size).toBe(after.activities.length);
    const order = after.activities.map((a) => a.sort_order);
    expect(order).toEqual([...order].sort((x, y) => x - y));
  }, 120_000);

  // Issue 31, item 5: the paging asked three pages at a time until one was short, so a map whose places
  // fill whole pages got empty pages too (10,000 places: 13 requests).
  it('a map whose places fill whole pages is read in exactly those pages, its first pages handed on as they arrive', async () => {
    const db = createDb(stack.apiUrl, stack.config.auth.anonKey, async () => null);
    const have = (await fetchPlaces(db, 'hanoi')).activities.length;
    await addPlaces('hanoi', 2 * PAGE_ROWS - have);
    const reads: string[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = (input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.includes('/rest/v1/activities')) reads.push(url);
      return realFetch(input, init);
    };
    const soFar: number[] = [];
    let all;
    try {
      all = await fetchPlaces(db, 'hanoi', 'en', (places) => soFar.push(places.length));
    } finally {
      globalThis.fetch = realFetch;
    }
    expect(all.activities.length).toBe(2 * PAGE_ROWS);
    expect(reads.length).toBe(2);
    // The first page was handed on before the second arrived; the whole answer is the rest.
    expect(soFar).toEqual([PAGE_ROWS]);
  }, 120_000);
});
