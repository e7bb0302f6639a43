// Stored files in a real browser (issue #26): the dashboard's logo upload takes raster images only and
// says so; an uploaded logo still shows in an <img> and when its URL is opened; a stored SVG or HTML
// document with script, opened directly, never runs it (nosniff + sandboxing CSP on every object).
import { expect, test, type Page } from '@playwright/test';
import { API_URL, SERVICE_KEY, signInAs } from '../../shell/e2e/support.ts';
import fs from 'node:fs';
import path from 'node:path';

const vi = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../src/locales/vi.json'), 'utf8')) as Record<
  string,
  Record<string, string>
>;
const HOTEL = 'saigon-riverside-hotel';
// A 2×2 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP4z8AARAwQCgAf7gP9i18U1AAAAABJRU5ErkJggg==',
  'base64',
);
// Scripts that would leave a mark on the page: its title, and a request to the API.
const SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" onload="document.title='ran-onload'">
  <script>document.title = 'ran'; fetch('${API_URL}/health?from=svg');</script>
  <rect width="40" height="40" style="fill: rgb(200, 0, 0)"/></svg>`;
const HTML = `<!doctype html><title>page</title><script>document.title = 'ran'; fetch('${API_URL}/health?from=html');</script><p>hello</p>`;

const service = (p: string, init: RequestInit = {}) =>
  fetch(`${API_URL}/storage/v1/${p}`, {
    ...init,
    headers: { apikey: SERVICE_KEY, Authorization: `Bearer ${SERVICE_KEY}`, ...(init.headers ?? {}) },
  });

async function naturalWidth(page: Page, src: string): Promise<number> {
  return page.evaluate(
    (u) =>
      new Promise<number>((resolve) => {
        const img = new Image();
        img.onload = () => resolve(img.naturalWidth);
        img.onerror = () => resolve(-1);
        img.src = u;
      }),
    src,
  );
}

test('logo upload: SVG refused with a clear message; a PNG is stored and shows, in an <img> and opened directly', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInAs(page, 'moderator@demo.test');
  await page.goto(`/${HOTEL}/settings`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  const logo = page.getByRole('textbox', { name: vi.settings!.logo!, exact: true });
  const before = await logo.inputValue();
  await expect(page.getByText(vi.settings!.imageHint!).first()).toBeVisible();
  const picker = page.locator('input[type=file]').first();
  expect(await picker.getAttribute('accept')).toBe('image/png,image/jpeg,image/webp');

  await picker.setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(SVG) });
  await expect(page.getByText(vi.settings!.imageTypes!)).toBeVisible();
  expect(await logo.inputValue()).toBe(before);

  await picker.setInputFiles({ name: 'logo', mimeType: 'image/png', buffer: PNG });
  await expect(logo).toHaveValue(new RegExp(`/storage/v1/object/public/logos/${HOTEL}/logo-\\d+-\\w+\\.png$`));
  const url = await logo.inputValue();
  // Shown by an <img> on the app's origin (the API is another origin).
  expect(await naturalWidth(page, url)).toBe(2);
  // Opened directly: the browser's image view still draws it under the object's sandbox.
  const res = await page.goto(url);
  expect(res!.headers()['content-security-policy']).toContain('sandbox');
  expect(await page.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2);
});

test('a stored SVG or HTML document with script, opened directly, does not run it; the SVG still draws as an image', async ({
  page,
  context,
}) => {
  const bucket = `e2e-scratch-${Date.now()}`;
  expect(
    (
      await service('bucket', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ id: bucket, name: bucket, public: true }),
      })
    ).status,
  ).toBe(200);
  try {
    for (const [name, type, body] of [
      ['pic.svg', 'image/svg+xml', SVG],
      ['page.html', 'text/html', HTML],
    ] as const) {
      expect(
        (await service(`object/${bucket}/${name}`, { method: 'POST', headers: { 'Content-Type': type }, body })).status,
      ).toBe(200);
    }
    const fromScript: string[] = [];
    context.on('request', (r) => {
      if (r.url().includes('/health?from=')) fromScript.push(r.url());
    });
    for (const name of ['pic.svg', 'page.html']) {
      const res = await page.goto(`${API_URL}/storage/v1/object/public/${bucket}/${name}`);
      expect(res!.status()).toBe(200);
      expect(res!.headers()['x-content-type-options']).toBe('nosniff');
      await page.waitForTimeout(500);
      expect(await page.evaluate(() => document.title), name).not.toMatch(/^ran/);
    }
    expect(fromScript).toEqual([]);
    // As an image (how the product would show one), the SVG still renders.
    await page.goto('/');
    expect(await naturalWidth(page, `${API_URL}/storage/v1/object/public/${bucket}/pic.svg`)).toBe(40);
  } finally {
    await service(`bucket/${bucket}/empty`, { method: 'POST' });
    await service(`bucket/${bucket}`, { method: 'DELETE' });
  }
});
