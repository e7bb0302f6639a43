// Reordering recommendations (↑/↓) in the production build: one call of `reorder_places` with the whole list
// (never one UPDATE per row), the new order kept by the database; a list another manager changed meanwhile is
// refused with a message in the user's language and read again, changing nothing.
import { expect, test, type Page } from '@playwright/test';
import { catalogue, exclusive, serviceRest, signInAs, tr } from '../../shell/e2e/support.ts';

const vi = catalogue('mfe-dashboard', 'vi');
// The basic hotel (its staff read Vietnamese): its order matters to no other test.
const INN = 'hanoi-old-quarter-inn';

interface Place {
  id: string;
  sort_order: number;
  title: { en: string; vi?: string };
}

const places = async (): Promise<Place[]> =>
  (await (
    await serviceRest(`activities?customer_id=eq.${INN}&select=id,sort_order,title&order=sort_order,created_at`)
  ).json()) as Place[];

const name = (p: Place) => p.title.vi ?? p.title.en;

/** Every request the page sends that writes the places (PATCH of `activities`, or the reorder call). */
function writesOf(page: Page): string[] {
  const writes: string[] = [];
  page.on('request', (req) => {
    const path = new URL(req.url()).pathname;
    const write = !['GET', 'HEAD', 'OPTIONS'].includes(req.method());
    if (write && (path.startsWith('/rest/v1/activities') || path === '/rest/v1/rpc/reorder_places'))
      writes.push(`${req.method()} ${path}`);
  });
  return writes;
}

test('a moderator moves a place down: one reorder_places call, the order kept; a stale list is refused and read again', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // The inn's places are also published and unpublished by dashboard.spec.ts's allowance test.
  await exclusive('inn-places', async () => {
    const before = await places();
    expect(before.length).toBeGreaterThan(3);
    let added: string | null = null;
    try {
      await signInAs(page, 'innkeeper@demo.test');
      const writes = writesOf(page);
      await page.goto(`/${INN}/dashboard?tab=recommendations`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
      const rows = page.locator('.ant-table-tbody tr.ant-table-row');
      await expect(rows.first()).toContainText(name(before[0]!));

      const saved = page.waitForResponse((r) => r.url().includes('/rest/v1/rpc/reorder_places'));
      await page.getByRole('button', { name: tr(vi, 'recs.moveDown', { name: name(before[0]!) }) }).click();
      expect((await saved).status()).toBeLessThan(300);
      await expect(rows.nth(0)).toContainText(name(before[1]!));
      await expect(rows.nth(1)).toContainText(name(before[0]!));
      expect(writes).toEqual(['POST /rest/v1/rpc/reorder_places']);
      const moved = [before[1]!, before[0]!, ...before.slice(2)];
      expect((await places()).map((p) => [p.id, p.sort_order])).toEqual(moved.map((p, k) => [p.id, (k + 1) * 10]));

      // Another manager adds a place meanwhile: the list on screen is no longer the hotel's.
      const res = await serviceRest('activities', {
        method: 'POST',
        headers: { Prefer: 'return=representation' },
        body: JSON.stringify({
          customer_id: INN,
          slug: 'e2e-reorder-newcomer',
          title: { en: 'Reorder newcomer' },
          category: 'cafe',
          latitude: 21.03,
          longitude: 105.85,
          sort_order: 5,
        }),
      });
      added = ((await res.json()) as { id: string }[])[0]!.id;
      const refused = page.waitForResponse((r) => r.url().includes('/rest/v1/rpc/reorder_places'));
      await page.getByRole('button', { name: tr(vi, 'recs.moveDown', { name: name(moved[0]!) }) }).click();
      expect((await refused).status()).toBeGreaterThanOrEqual(400);
      await expect(page.getByText(tr(vi, 'errors.order_stale'))).toBeVisible();
      // Read again: the newcomer (sort_order 5) heads the list; the order in the database did not change.
      await expect(rows.first()).toContainText('Reorder newcomer');
      expect((await places()).filter((p) => p.id !== added).map((p) => p.id)).toEqual(moved.map((p) => p.id));
      expect(writes).toEqual(['POST /rest/v1/rpc/reorder_places', 'POST /rest/v1/rpc/reorder_places']);
    } finally {
      if (added) await serviceRest(`activities?id=eq.${added}`, { method: 'DELETE' });
      for (const p of before)
        await serviceRest(`activities?id=eq.${p.id}`, {
          method: 'PATCH',
          body: JSON.stringify({ sort_order: p.sort_order }),
        });
    }
  });
});
