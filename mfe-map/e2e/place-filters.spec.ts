// The traveller filters on a phone (issue 43 item 5; docs/filters.md), in English and in Korean: "Vegetarian"
// narrows the list and the map to the seeded vegetarian places, together with a category; the address carries
// the filters and a reload (or the link opened elsewhere) keeps them; a place's panel shows its attributes.
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { admin, noTiles, open } from './support.ts';

const expect = baseExpect.configure({ timeout: 25_000 });
test.describe.configure({ timeout: 120_000 });

const HOTEL = 'saigon-riverside-hotel';
/** The Riverside's places with vegetarian food in the seed (supabase/seed.sql; 27_place_attributes.test.ts). */
const VEGETARIAN = ['lusine-dong-khoi', 'quan-an-ngon', 'secret-garden', 'the-workshop-coffee'];

const TEXTS = {
  'en-US': {
    more: 'More filters',
    vegetarian: 'Vegetarian',
    wheelchair: 'Wheelchair access',
    badges: 'Good to know',
    badge: 'Vegetarian dishes',
    pay: 'Payment accepted',
    cards: 'Cards',
  },
  'ko-KR': {
    more: '필터 더 보기',
    vegetarian: '채식',
    wheelchair: '휠체어 접근',
    badges: '알아 두면 좋아요',
    badge: '채식 메뉴 있음',
    pay: '결제 수단',
    cards: '카드',
  },
} as const;

/** The places the list shows, by slug (from their links: the same in every language). */
const listed = (page: Page) =>
  page
    .locator('#gm-results a[href*="/map/"]')
    .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname.split('/')[3]!).sort());

/** The places the map shows: its single markers' ids, and how many places its clusters hold. */
const onMap = (page: Page) =>
  page.evaluate(() => ({
    ids: [...document.querySelectorAll('.leaflet-marker-icon[data-activity-id]')]
      .map((m) => m.getAttribute('data-activity-id')!)
      .sort(),
    clustered: [...document.querySelectorAll('.gm-cluster')].reduce((n, c) => n + Number(c.textContent), 0),
  }));

let ids: Record<string, string>;
test.beforeAll(async () => {
  const { data, error } = await admin()
    .from('activities')
    .select('id, slug')
    .eq('customer_id', HOTEL)
    .in('slug', VEGETARIAN);
  if (error) throw error;
  ids = Object.fromEntries(data.map((r) => [r.slug, r.id]));
});

test.beforeEach(async ({ page }) => {
  await noTiles(page);
});

for (const locale of ['en-US', 'ko-KR'] as const) {
  test.describe(`phone (360 × 740), ${locale}`, () => {
    test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, locale });
    const t = TEXTS[locale];

    test('"Vegetarian" narrows the list and the map, the address carries it, a reload keeps it', async ({ page }) => {
      await open(page, `/${HOTEL}/map`);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      const markers = page.locator('.leaflet-marker-icon[data-activity-id]');
      await expect.poll(() => markers.count()).toBeGreaterThan(4);
      const before = await onMap(page);
      expect(before.ids.length + before.clustered).toBeGreaterThan(VEGETARIAN.length);

      // The chips are not there until asked for.
      await expect(page.getByRole('button', { name: t.vegetarian, exact: true })).toHaveCount(0);
      await page.getByRole('button', { name: t.more }).click();
      await page.getByRole('button', { name: t.vegetarian, exact: true }).click();
      await expect(page.getByRole('button', { name: t.vegetarian, exact: true })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await expect(page).toHaveURL(new RegExp(`/${HOTEL}/map\\?f=vegetarian$`));

      // The list (opened by the choice) and the map show the vegetarian places and no other.
      await expect.poll(() => listed(page)).toEqual(VEGETARIAN);
      const vegIds = VEGETARIAN.map((s) => ids[s]!).sort();
      await expect
        .poll(async () => {
          const m = await onMap(page);
          return m.ids.every((id) => vegIds.includes(id)) && m.ids.length + m.clustered === VEGETARIAN.length;
        })
        .toBe(true);

      // Reloaded: the same filter, chip and places.
      await page.reload();
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
      await expect(page).toHaveURL(/\?f=vegetarian$/);
      await expect(page.getByRole('button', { name: t.vegetarian, exact: true })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await expect(page.getByRole('button', { name: new RegExp(`^${t.more} \\(1\\)$`) })).toBeVisible();
      await expect.poll(async () => (await onMap(page)).ids.every((id) => vegIds.includes(id))).toBe(true);
      if (!(await page.locator('#gm-results').isVisible())) await page.locator('.gm-sheet-handle').click();
      await expect.poll(() => listed(page)).toEqual(VEGETARIAN);

      // Switched off: every place again, and the address says so.
      await page.getByRole('button', { name: t.vegetarian, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/${HOTEL}/map$`));
      await expect.poll(async () => (await listed(page)).length).toBeGreaterThan(VEGETARIAN.length);
    });

    test('a shared link with a category and two filters opens with them; the place shows its badges', async ({
      page,
    }) => {
      await open(page, `/${HOTEL}/map?cat=food&f=vegetarian,wheelchair`);
      await expect(page.getByRole('button', { name: t.wheelchair, exact: true })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await page.locator('.gm-sheet-handle').click();
      // Food, vegetarian, wheelchair access: Quan An Ngon only (L'Usine has limited access, but is a café).
      await expect.poll(() => listed(page)).toEqual(['quan-an-ngon']);
      await page.locator('#gm-results a[href*="/quan-an-ngon/"]').click();
      const panel = page.getByRole('article');
      const badges = panel.getByRole('region', { name: t.badges });
      await expect(badges.getByText(t.badge, { exact: true })).toBeVisible();
      await expect(badges.getByRole('list', { name: t.pay }).getByText(t.cards, { exact: true })).toBeVisible();
      await expect(badges.getByText('VietQR', { exact: true })).toBeVisible();
      // The place's address keeps the filters, so closing it returns to the same list.
      await expect(page).toHaveURL(/\/quan-an-ngon\/[0-9a-f-]{36}\?cat=food&f=vegetarian%2Cwheelchair$/);
    });
  });
}
