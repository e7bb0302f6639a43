// The guest's journeys on the Map and Activity routes on a desktop (1280 × 800), with map
// tiles unreachable (no internet here: the map must stay useful without them).
import { expect as baseExpect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { activityBySlug, admin, noTiles, signInAs, open } from './support.ts';

// Up to eight engineers share two CPU cores: first loads can be slow, so waits are generous.
const expect = baseExpect.configure({ timeout: 25_000 });
test.describe.configure({ timeout: 120_000 });

const markers = (page: Page) => page.locator('.leaflet-marker-icon[data-activity-id]');
const list = (page: Page) => page.getByRole('list', { name: 'Places on this map' });

test.beforeEach(async ({ page }) => {
  await noTiles(page);
});

test.describe('desktop (1280 × 800)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the map is where the guest left it: panned, then the hotel page and back at once', async ({ page }) => {
    await open(page, '/saigon-riverside-hotel/map');
    const marker = markers(page).first();
    await expect(marker).toBeVisible();
    const id = await marker.getAttribute('data-activity-id');
    const map = (await page.locator('.leaflet-container').boundingBox())!;
    const [x, y] = [map.x + map.width / 2, map.y + map.height / 2];
    await page.mouse.move(x, y);
    await page.mouse.down();
    for (let s = 1; s <= 10; s++) await page.mouse.move(x - 12 * s, y - 6 * s);
    // The guest holds still, then lets go: Leaflet throws the map on (inertia) only from moves in the last
    // 50 ms before the release. Released mid-move, the map glided on after the position below was read (on a
    // quick machine the ten moves took under 50 ms: 23 px off, a flake of the clean-clone run of 2026-12-03).
    await page.waitForTimeout(150);
    await page.mouse.up();
    const placed = page.locator(`.leaflet-marker-icon[data-activity-id="${id}"]`);
    const left = (await placed.boundingBox())!;
    // The view is stored when the map has been still a moment, or when it goes: leave at once.
    await page.locator('.gm-brand-name a').click();
    await expect(page).toHaveURL(/\/saigon-riverside-hotel$/);
    await page.goBack();
    await expect(placed).toBeVisible();
    const back = (await placed.boundingBox())!;
    expect(Math.abs(back.x - left.x)).toBeLessThan(3);
    expect(Math.abs(back.y - left.y)).toBeLessThan(3);
  });

  test('deep link to a partner: offer, disclosure, marker click switches place; unknown place toasts', async ({
    page,
  }) => {
    const { data } = await admin()
      .from('activities')
      .select('id, slug, title')
      .eq('customer_id', 'saigon-riverside-hotel')
      .eq('is_partner', true)
      .eq('published', true);
    const partner = data![0]!;
    await open(page, `/saigon-riverside-hotel/map/${partner.slug}/${partner.id}`);
    const panel = page.getByRole('article');
    await expect(
      panel.getByRole('heading', { level: 2, name: (partner.title as Record<string, string>).en }),
    ).toBeVisible();
    await expect(panel.getByRole('heading', { name: 'Guest offer' })).toBeVisible();
    await expect(
      panel.getByText(/Saigon Riverside Hotel partners with this place and may earn a commission/),
    ).toBeVisible();
    // Side panel on desktop: the list sits beside the map.
    await panel.getByRole('button', { name: 'Back to the list' }).click();
    await expect(page).toHaveURL(/\/saigon-riverside-hotel\/map$/);
    await expect(list(page)).toBeVisible();
    const box = (await page.getByRole('complementary', { name: 'Places' }).boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(420);
    // A marker opens its place (keyboard: Enter on a focused marker).
    const marker = markers(page).first();
    const name = (await marker.getAttribute('aria-label'))!.split(', ')[0]!;
    await marker.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('article').getByRole('heading', { level: 2 })).toHaveText(name);
    await expect(page).toHaveURL(/\/saigon-riverside-hotel\/map\/[a-z0-9-]+\/[0-9a-f-]{36}$/);
    // An unknown place: a toast, back to the map, still usable.
    // Toasts last 5 s, which a loaded machine can outlast: every text added to the page is recorded.
    await page.addInitScript(() => {
      const seen: string[] = ((window as unknown as { __texts: string[] }).__texts = []);
      new MutationObserver((ms) =>
        ms.forEach((m) => m.addedNodes.forEach((n) => n.textContent && seen.push(n.textContent))),
      ).observe(document, { childList: true, subtree: true });
    });
    await open(page, '/saigon-riverside-hotel/map/no-such-place/00000000-0000-4000-8000-000000000000');
    await expect
      .poll(() =>
        page.evaluate(() =>
          (window as unknown as { __texts: string[] }).__texts.some((t) =>
            t.includes('This place is no longer on the map.'),
          ),
        ),
      )
      .toBe(true);
    await expect(page).toHaveURL(/\/saigon-riverside-hotel\/map$/);
    await expect(list(page).getByRole('link').first()).toBeVisible();
  });

  test('Near me with location: sorted by distance; Open now and categories filter the list and the markers', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['geolocation']);
    // Standing at Ben Thanh market.
    await context.setGeolocation({ latitude: 10.7725, longitude: 106.698 });
    await open(page, '/ho-chi-minh-city/map');
    await expect(list(page).getByRole('link').first()).toBeVisible();
    await page.getByRole('button', { name: 'Near me', exact: true }).click();
    await expect(page.getByText('Sorted by distance from you.')).toBeVisible();
    await expect(list(page).getByRole('link').first()).toContainText('Ben Thanh Market');
    await expect(list(page).getByRole('link').first()).toContainText(/\d+ m/);
    const all = await list(page).getByRole('link').count();
    await page.getByRole('button', { name: 'Culture', exact: true }).click();
    await expect.poll(() => list(page).getByRole('link').count()).toBeLessThan(all);
    const culture = await list(page).getByRole('link').count();
    for (const item of await list(page).getByRole('link').all()) await expect(item).toContainText('Culture');
    await expect.poll(() => markers(page).count()).toBeLessThanOrEqual(culture);
    await page.getByRole('button', { name: 'Open now', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Open now', exact: true })).toHaveAttribute('aria-pressed', 'true');
    for (const item of await list(page).getByRole('link').all()) await expect(item).not.toContainText('Closed');
  });

  test('signed-in guest saves a favourite (written to favourites) and shares a link', async ({ page, context }) => {
    const userId = await signInAs(page, 'guest@demo.test');
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const a = await activityBySlug('ho-chi-minh-city', 'war-remnants-museum');
    await admin().from('favourites').delete().eq('user_id', userId).eq('activity_id', a.id);
    await open(page, `/ho-chi-minh-city/map/${a.slug}/${a.id}`);
    // The guest's profile language is French: the shell follows it.
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Enregistré', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText('Ajouté à vos favoris')).toBeVisible();
    await expect
      .poll(
        async () =>
          (await admin().from('favourites').select('activity_id').eq('user_id', userId).eq('activity_id', a.id)).data
            ?.length,
      )
      .toBe(1);
    await page.getByRole('button', { name: 'Enregistré', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Enregistrer', exact: true })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await expect
      .poll(
        async () =>
          (await admin().from('favourites').select('activity_id').eq('user_id', userId).eq('activity_id', a.id)).data
            ?.length,
      )
      .toBe(0);
    // No Web Share API in desktop Chromium: the share menu (docs/sharing.md), whose "Copy link" copies it.
    await page.evaluate(() => Object.defineProperty(navigator, 'share', { value: undefined }));
    await page.getByRole('button', { name: 'Partager', exact: true }).click();
    const menu = page.getByRole('dialog', { name: 'Partager' });
    await menu.getByRole('button', { name: 'Copier le lien' }).click();
    await expect(menu.getByRole('status')).toHaveText('Lien copié');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
      new RegExp(`/ho-chi-minh-city/map/war-remnants-museum/${a.id}$`),
    );
  });

  test('the minute’s tick (opening status) leaves the markers in place: a focused marker keeps the focus', async ({
    page,
  }) => {
    // Monday 12:00 in Saigon, most places open; with "Open now" on, each minute filters the places again.
    await page.clock.install({ time: new Date('2026-11-23T05:00:00Z') });
    await open(page, '/saigon-riverside-hotel/map');
    await page.getByRole('button', { name: 'Open now', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Open now', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(markers(page).first()).toBeVisible();
    const count = await markers(page).count();
    await markers(page).first().focus();
    // Mark the focused node: a rebuilt marker would be another node, and the focus would be lost.
    await page.evaluate(() => document.activeElement?.setAttribute('data-test-mark', 'kept'));
    await page.clock.fastForward('01:05');
    await page.clock.fastForward('01:00');
    await expect(markers(page)).toHaveCount(count);
    await expect(page.locator('.leaflet-marker-icon[data-test-mark="kept"]')).toBeFocused();
  });

  test('place text is rendered as text: no HTML injection through the map or the panel', async ({ page }) => {
    const db = admin();
    const evil = '<img src=x onerror="window.__xss=1">Evil';
    const { data, error } = await db
      .from('activities')
      .insert({
        customer_id: 'ho-chi-minh-city',
        slug: `xss-${Date.now()}`,
        category: 'food',
        title: { en: evil },
        description: { en: '<b>bold</b>' },
        latitude: 10.7769,
        longitude: 106.7009,
        published: true,
        sort_order: -1,
      })
      .select('id, slug')
      .single();
    expect(error).toBeNull();
    try {
      await open(page, `/ho-chi-minh-city/map/${data!.slug}/${data!.id}`);
      await expect(page.getByRole('heading', { level: 2 })).toHaveText(evil);
      await expect(page.getByText('<b>bold</b>')).toBeVisible();
      await expect(page.locator(`.leaflet-marker-icon[data-activity-id="${data!.id}"]`)).toHaveAttribute(
        'aria-label',
        `${evil}, Food`,
      );
      await page.getByRole('button', { name: 'Back to the list' }).click();
      await expect(list(page).getByRole('link', { name: /Evil/ })).toContainText(evil);
      expect(await page.locator('img[src="x"]').count()).toBe(0);
      expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    } finally {
      await db.from('activities').delete().eq('id', data!.id);
    }
  });

  test('accessibility: no serious or critical axe violations on the Map and Activity routes', async ({ page }) => {
    const { data } = await admin()
      .from('activities')
      .select('id, slug')
      .eq('customer_id', 'saigon-riverside-hotel')
      .eq('is_partner', true);
    const a = data![0]!;
    for (const path of ['/saigon-riverside-hotel/map', `/saigon-riverside-hotel/map/${a.slug}/${a.id}`]) {
      await open(page, path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect.poll(() => markers(page).count()).toBeGreaterThan(0);
      const r = await new AxeBuilder({ page }).include('main').analyze();
      const bad = r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
    }
  });

  test('languages: Vietnamese and French catalogues and place text, switched from the shell menu', async ({ page }) => {
    await open(page, '/ho-chi-minh-city');
    await page.evaluate(() => localStorage.setItem('locale', 'vi-VN'));
    await open(page, '/ho-chi-minh-city/map');
    await expect(page.getByRole('searchbox', { name: 'Tìm địa điểm' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Tìm địa điểm' }).fill('pho hoa');
    await expect(
      list(page)
        .or(page.getByRole('list', { name: 'Các địa điểm trên bản đồ' }))
        .getByRole('link', { name: /Phở Hòa Pasteur/ }),
    ).toBeVisible();
    // The shell's language menu switches the remote's screen in place.
    await page.getByRole('combobox').first().selectOption('fr-FR');
    await expect(page.getByRole('button', { name: 'Ouvert maintenant', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Près de moi', exact: true })).toBeVisible();
    await expect(
      page.getByRole('list', { name: 'Lieux de cette carte' }).getByRole('link', { name: /Pho Hoa Pasteur/ }),
    ).toContainText('Restaurants');
  });
});
