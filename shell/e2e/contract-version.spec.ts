// The contract version (shared-ui/src/contracts/version.ts) on the production build: a remote built
// against the shell's major (any minor) loads; a remote of another major, newer or older than the shell's,
// shows the fallback for a remote that fails to load, and every other route keeps working. The other
// build is made by rewriting the declaration in the served code ('guestmap-contract@<major>.<minor>').
import { expect, test, type Page } from '@playwright/test';
import { CONTRACT_VERSION, parseContractVersion } from '@guestmap/shared-ui/contract-version';
import { BASE, remoteOrigin, type Remote } from './support.ts';

// The versions around this build's: a newer minor of its major, and the next major.
const { major } = parseContractVersion(CONTRACT_VERSION)!;
const NEWER_MINOR = `${major}.9`;
const NEWER_MAJOR = `${major + 1}.0`;

const FALLBACK = 'This part of Guestmap is unavailable right now';
const SCREEN = { timeout: 25_000 };
const SHELL_ORIGIN = `http://127.0.0.1:${BASE}`;

/** Serves `origin`'s scripts as if built against contract `version` (their declaration rewritten). */
async function builtAgainst(page: Page, origin: string, version: string) {
  let rewritten = 0;
  await page.route(
    (url) => url.origin === origin && url.pathname.endsWith('.js'),
    async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      const changed = body.replace(/guestmap-contract@\d+\.\d+/g, `guestmap-contract@${version}`);
      if (changed !== body) rewritten++;
      await route.fulfill({ response, body: changed });
    },
  );
  return () => rewritten;
}

const remote = (r: Remote) => remoteOrigin(r);

test.describe('contract version', () => {
  test('a remote built against a newer minor of the same major loads', async ({ page }) => {
    const rewritten = await builtAgainst(page, remote('map'), NEWER_MINOR);
    await page.goto('/ho-chi-minh-city/map');
    await expect(page.locator('.leaflet-container')).toBeVisible(SCREEN);
    await expect(page.getByText(FALLBACK)).toHaveCount(0);
    expect(rewritten()).toBeGreaterThan(0);
  });

  test('a remote built against a newer major shows the fallback; the other remotes keep working', async ({ page }) => {
    const rewritten = await builtAgainst(page, remote('map'), NEWER_MAJOR);
    await page.goto('/ho-chi-minh-city/map');
    await expect(page.getByText(FALLBACK)).toBeVisible(SCREEN);
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
    expect(rewritten()).toBeGreaterThan(0);
    await page.goto('/about-us');
    await expect(page.getByRole('heading', { name: 'About us' })).toBeVisible(SCREEN);
    await expect(page.getByText(FALLBACK)).toHaveCount(0);
  });

  test('a shell of a newer major shows the fallback for a remote built against the older one', async ({ page }) => {
    const rewritten = await builtAgainst(page, SHELL_ORIGIN, NEWER_MAJOR);
    await page.goto('/about-us');
    await expect(page.getByRole('banner')).toBeVisible(SCREEN);
    await expect(page.getByText(FALLBACK)).toBeVisible(SCREEN);
    expect(rewritten()).toBeGreaterThan(0);
  });
});
