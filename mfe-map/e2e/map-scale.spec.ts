// Scale: a map with 5,000 places stays responsive. The activities response is replaced by 5,000
// generated places (scripts/generated-places.mjs, shared with the map benchmark: this measures
// rendering, not the backend); clustering keeps the number of DOM markers small, and zooming
// re-renders quickly. Figures are printed.
import { expect as baseExpect, test } from '@playwright/test';
import { noTiles, open } from './support.ts';
import { generatedPlaces } from '../scripts/generated-places.mjs';

const expect = baseExpect.configure({ timeout: 25_000 });
test.describe.configure({ timeout: 120_000 });

test('5,000 places: clustered, few DOM markers, quick zooms, list paged', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await noTiles(page);
  const body = JSON.stringify(generatedPlaces(5000, 0.08));
  await page.route(/\/rest\/v1\/activities\?.*customer_id=eq\.ho-chi-minh-city/, (r) =>
    r.fulfill({ status: 200, contentType: 'application/json', body }),
  );
  const t0 = Date.now();
  await open(page, '/ho-chi-minh-city/map');
  await expect(page.getByText('5,000 places')).toBeVisible();
  const markers = page.locator('.leaflet-marker-icon');
  await expect.poll(() => markers.count()).toBeGreaterThan(0);
  const firstPaint = Date.now() - t0;
  const count = await markers.count();
  expect(count).toBeLessThan(350);
  // The list renders a page at a time.
  await expect(page.getByRole('list', { name: 'Places on this map' }).getByRole('listitem')).toHaveCount(100);
  await expect(page.getByRole('button', { name: 'Show more (100 of 5000)' })).toBeVisible();
  // Zoom in and out; each zoom re-renders the visible clusters (measured in the page).
  const timings: number[] = [];
  for (const name of ['Zoom in', 'Zoom in', 'Zoom out']) {
    const ms = await page.evaluate(async (label) => {
      const btn = document.querySelector<HTMLElement>(`a[aria-label="${label}"]`)!;
      const t = performance.now();
      btn.click();
      await new Promise<void>((resolve) => {
        const obs = new MutationObserver(() => {
          obs.disconnect();
          resolve();
        });
        obs.observe(document.querySelector('.leaflet-marker-pane')!, { childList: true });
        setTimeout(resolve, 3000);
      });
      return performance.now() - t;
    }, name);
    timings.push(Math.round(ms));
    expect(await markers.count()).toBeLessThan(400);
  }
  console.log(
    `[scale] 5000 places: first markers after ${firstPaint} ms (page load included), ${count} DOM markers, zoom re-render ms: ${timings.join(', ')}`,
  );
  for (const ms of timings) expect(ms).toBeLessThan(2500);
});
