// /create-customer in English: slug suggestion and live checks, position by search, coordinates
// and the map, creation, then the creator is its moderator and lands on its Dashboard.
import { test } from '@playwright/test';
import { shellState, signUpFresh, expect } from './support.ts';

// The machine is shared with other engineers' builds and tests: generous budgets, no sleeps.
test.describe.configure({ timeout: 180_000 });

test('create a hotel map and land on its dashboard as its moderator', async ({ page }) => {
  await signUpFresh(page, { nickname: 'Hotel Owner', path: '/about-us' });
  await page.goto('/create-customer');
  await expect(page.getByRole('heading', { level: 1, name: 'Create a map' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'City' })).toBeDisabled();
  await expect(page.getByRole('radio', { name: 'Hotel' })).toBeChecked();

  // Slug suggested from the name, then checked live.
  const suffix = Math.random().toString(36).slice(2, 7);
  await page.getByLabel('Name').fill(`Khách sạn Đà Lạt ${suffix}`);
  const slug = page.getByLabel('Web address');
  await expect(slug).toHaveValue(`khach-san-da-lat-${suffix}`);
  await expect(page.getByText('This address is available')).toBeVisible();
  await slug.fill('ab');
  await expect(
    page.getByText('Use 3 to 63 lowercase letters, digits and single hyphens (no hyphen at the start or end)'),
  ).toBeVisible();
  await slug.fill('hotels');
  await expect(page.getByText('This address is reserved by Guestmap. Choose another one.')).toBeVisible();
  await slug.fill('hanoi');
  await expect(page.getByText('This address is already taken. Choose another one.')).toBeVisible();
  await page.getByRole('button', { name: 'Create map' }).click();
  await expect(page.getByText('This address is already taken. Choose another one.')).toBeVisible();
  await expect(page.getByText('Choose a position on the map')).toBeVisible();
  const id = `e2e-hotel-${suffix}`;
  await slug.fill(id);
  await expect(page.getByText('This address is available')).toBeVisible();

  // Position: by search among the curated places, then typed coordinates, then a click on the map.
  const search = page.getByLabel('Search a place or coordinates');
  await search.fill('ben thanh market');
  await page
    .getByRole('button', { name: /Ben Thanh Market/ })
    .first()
    .click();
  await expect(page.getByLabel('Latitude')).toHaveValue('10.7725');
  await expect(page.getByLabel('Longitude')).toHaveValue('106.6980');
  await search.fill('10.7741, 106.7058');
  await page.getByRole('button', { name: 'Coordinates 10.7741, 106.7058' }).click();
  await expect(page.getByLabel('Latitude')).toHaveValue('10.7741');
  await page.getByLabel('Latitude').fill('10.775');
  await page.getByRole('spinbutton', { name: 'Zoom' }).click();
  await expect(page.getByLabel('Latitude')).toHaveValue('10.7750');
  const map = page.getByRole('application', { name: /Map: click to place the marker/ });
  await map.click({ position: { x: 60, y: 60 } });
  await expect(page.getByLabel('Latitude')).not.toHaveValue('10.7750');
  await page.getByRole('spinbutton', { name: 'Zoom' }).fill('15');

  await page.getByRole('button', { name: 'Create map' }).click();
  await expect(page).toHaveURL(new RegExp(`/${id}/dashboard$`), { timeout: 15_000 });
  await expect
    .poll(async () => ((await shellState(page)).auth.profile?.moderator as Record<string, boolean> | undefined)?.[id])
    .toBe(true);

  // It is in the user's maps, with its Dashboard.
  await page.goto('/user');
  const maps = page.getByRole('region', { name: 'My maps' });
  await expect(maps.getByRole('listitem').first()).toContainText(`Khách sạn Đà Lạt ${suffix}`);
  await expect(maps.getByRole('link', { name: `Dashboard: Khách sạn Đà Lạt ${suffix}` })).toHaveAttribute(
    'href',
    `/${id}/dashboard`,
  );
});
