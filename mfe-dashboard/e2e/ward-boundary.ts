// The shipped wards have no boundary yet (docs/addresses.md), so "Propose from the pin" would always answer "no
// boundary". For the browser tests of the place editor and the hotel settings: the wards' answer (the real
// database's) with one ward given a boundary, a square around a point, before the page reads it.
import type { Page } from '@playwright/test';

/** Gives ward `code` a square boundary of ±`d` degrees around (latitude, longitude) in every read of the wards. */
export async function wardBoundaryAround(page: Page, code: string, latitude: number, longitude: number, d = 0.003) {
  const square = [
    [longitude - d, latitude - d],
    [longitude + d, latitude - d],
    [longitude + d, latitude + d],
    [longitude - d, latitude + d],
    [longitude - d, latitude - d],
  ];
  await page.route(/\/rest\/v1\/vn_wards/, async (route) => {
    const res = await route.fetch();
    const rows = (await res.json()) as { code: string }[];
    await route.fulfill({
      response: res,
      json: rows.map((r) => (r.code === code ? { ...r, boundary: { type: 'Polygon', coordinates: [square] } } : r)),
    });
  });
}
