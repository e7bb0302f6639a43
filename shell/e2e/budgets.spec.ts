// Byte budgets (issue 11, item 2): the JavaScript a page needs before it is usable, gzipped, counted
// from the production files themselves (gzip level 9 of each file the page requested), so the figure
// depends on the build only, never on timing. And one copy of every shared library in the page.
//
// Budgets (issue 11): guest map 300 KB, marketing Home 200 KB. Each test prints its figure and the
// largest files (docs/performance.md keeps the current figures).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '../..');
const base = Number(process.env.GUESTMAP_PORT_BASE ?? 3000);
const DIST_BY_PORT: Record<number, string> = {
  [base]: 'shell',
  [base + 1]: 'mfe-marketing',
  [base + 2]: 'mfe-map',
  [base + 3]: 'mfe-account',
  [base + 4]: 'mfe-dashboard',
};
const APPS = ['shell', 'mfe-marketing', 'mfe-map', 'mfe-account', 'mfe-dashboard'];

const TARGET_KB = { map: 300, home: 200 };

/** Records every script the page requests; returns the gzip size of those files as built. */
function scriptsOf(page: Page) {
  const urls = new Set<string>();
  page.on('request', (r) => {
    if (r.resourceType() === 'script') urls.add(r.url());
  });
  return () => {
    const rows = [...urls].map((u) => {
      const url = new URL(u);
      const app = DIST_BY_PORT[Number(url.port)];
      if (!app) throw new Error(`a script from outside the product: ${u}`);
      const file = path.join(root, app, 'dist', decodeURIComponent(url.pathname));
      return { file: `${app}${url.pathname}`, gzip: zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length };
    });
    return { kb: rows.reduce((a, r) => a + r.gzip, 0) / 1024, rows: rows.sort((a, b) => b.gzip - a.gzip) };
  };
}

function report(name: string, kb: number, target: number, rows: { file: string; gzip: number }[]) {
  console.log(
    `[budget] ${name}: ${kb.toFixed(1)} KB gzip of JavaScript before it is usable (target ${target} KB, ${kb <= target ? 'met' : `${(kb - target).toFixed(1)} KB over`}); largest: ${rows
      .slice(0, 5)
      .map((r) => `${r.file.split('/').pop()} ${(r.gzip / 1024).toFixed(1)}`)
      .join(', ')}`,
  );
  // BUDGET_FILES=1: every file with its gzip size (to compare two builds file by file, docs/performance.md).
  if (process.env.BUDGET_FILES) for (const r of rows) console.log(`[budget]   ${r.file} ${r.gzip}`);
}

test.use({ viewport: { width: 360, height: 740 } });

test('guest map: JavaScript before the map is usable stays within its budget', async ({ page }) => {
  const measure = scriptsOf(page);
  await page.route(/tile\.openstreetmap\.org/, (r) => r.abort());
  await page.goto('/saigon-riverside-hotel/map?src=qr');
  await expect(page.locator('.leaflet-marker-icon[data-activity-id]').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('searchbox', { name: 'Search places' })).toBeEditable();
  const { kb, rows } = measure();
  report('guest map', kb, TARGET_KB.map, rows);
  expect(kb).toBeLessThanOrEqual(TARGET_KB.map);
});

test('marketing Home: JavaScript before the page is usable stays within its budget', async ({ page }) => {
  const measure = scriptsOf(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('main').getByRole('link', { name: 'Explore maps' }).first()).toBeVisible();
  const { kb, rows } = measure();
  report('marketing Home', kb, TARGET_KB.home, rows);
  expect(kb).toBeLessThanOrEqual(TARGET_KB.home);
});

test('one copy of every shared library: every app declares the same versions, and the page loads each once, from the shell', async ({
  page,
}) => {
  const scripts = new Set<string>();
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.add(r.url());
  });
  type Stats = { shared: { name: string; version: string; singleton: boolean }[] };
  const stats = Object.fromEntries(
    APPS.map((a) => [a, JSON.parse(fs.readFileSync(path.join(root, a, 'dist/mf-stats.json'), 'utf8')) as Stats]),
  );
  // One version of each library across all apps (the shell's, where the shell declares it).
  const versions = new Map<string, Set<string>>();
  for (const app of APPS) {
    for (const s of stats[app]!.shared) {
      expect(s.singleton, `${app} shares ${s.name} as a singleton`).toBe(true);
      if (!versions.has(s.name)) versions.set(s.name, new Set());
      versions.get(s.name)!.add(s.version);
    }
  }
  const shellDeclares = new Set(stats.shell!.shared.map((x) => x.name));
  // react-router, react-i18next, react-redux and Redux Toolkit are the shell's alone (remotes use them
  // through the contract), so each is tree-shaken instead of shipped whole.
  expect([...shellDeclares].sort()).toEqual([
    '@guestmap/shared-ui/components',
    '@guestmap/shared-ui/contracts',
    '@guestmap/shared-ui/i18n',
    '@supabase/supabase-js',
    'i18next',
    'react',
    'react-dom',
    'react-dom/client',
    'react/jsx-runtime',
  ]);
  for (const [name, v] of versions) expect([...v], name).toHaveLength(1);
  // In the page: the map, then Home: two remotes besides the shell.
  await page.goto('/saigon-riverside-hotel/map');
  await expect(page.locator('.leaflet-marker-icon[data-activity-id]').first()).toBeVisible({ timeout: 30_000 });
  // Within the same page (the share scope lives in the document): the logo leads Home.
  await page.getByRole('banner').getByRole('link', { name: 'Guestmap' }).click();
  await expect(page).toHaveURL(/\/$/);
  // Home's own heading (the map's header, still on screen while Home's code arrives, has one too).
  await expect(page.locator('.gmk-hero').getByRole('heading', { level: 1 })).toBeVisible();
  const scope = await page.evaluate(() => {
    const share = (
      globalThis as unknown as {
        __FEDERATION__: {
          __SHARE__: Record<
            string,
            Record<string, Record<string, Record<string, { from: string; loaded?: boolean; useIn: string[] }>>>
          >;
        };
      }
    ).__FEDERATION__.__SHARE__;
    const libs: Record<string, { version: string; from: string; loaded: boolean; useIn: string[] }[]> = {};
    for (const scopes of Object.values(share))
      for (const byLib of Object.values(scopes))
        for (const [lib, versions] of Object.entries(byLib))
          for (const [version, info] of Object.entries(versions)) {
            // Every federation instance of the page (shell, map, marketing) points at the same share scope.
            const list = (libs[lib] ??= []);
            if (!list.some((x) => x.version === version))
              list.push({ version, from: info.from, loaded: !!info.loaded, useIn: info.useIn });
          }
    return libs;
  });
  expect(
    Object.values(scope).some((v) => v.some((x) => x.useIn.includes('map'))) &&
      Object.values(scope).some((v) => v.some((x) => x.useIn.includes('marketing'))),
  ).toBe(true);
  for (const [lib, versions] of Object.entries(scope)) {
    const loaded = versions.filter((v) => v.loaded);
    expect(loaded.length, `${lib} loaded once: ${JSON.stringify(versions)}`).toBeLessThanOrEqual(1);
    // The shell provides what it declares; a library only remotes use comes from the first that loads it.
    if (shellDeclares.has(lib)) for (const v of loaded) expect(v.from, `${lib} comes from the shell`).toBe('shell');
  }
  expect(Object.keys(scope)).toEqual(
    expect.arrayContaining(['react', 'react-dom', '@supabase/supabase-js', 'i18next', '@guestmap/shared-ui/contracts']),
  );
  // The router and the React bindings of i18next and Redux are the shell's alone.
  expect(
    Object.keys(scope).filter((lib) => /^(react-router|react-i18next|react-redux|@reduxjs\/toolkit)/.test(lib)),
  ).toEqual([]);
  // …and no remote brought a copy of its own: react-i18next's code is in one file of the page, the shell's.
  const withI18nBinding = [...scripts].filter((u) => {
    const url = new URL(u);
    const file = path.join(root, DIST_BY_PORT[Number(url.port)]!, 'dist', decodeURIComponent(url.pathname));
    return fs.readFileSync(file, 'utf8').includes('You will need to pass in an i18next instance');
  });
  expect(withI18nBinding.map((u) => DIST_BY_PORT[Number(new URL(u).port)])).toEqual(['shell']);
});

// Issue 30, item 5: Chinese, Korean and Japanese cost an English visitor nothing. Everything an English
// visitor downloads on the guest map, a place, the rewards panel, the auth dialog, Home and the terms
// (scripts from the builds, every other response as received) holds no Chinese, Korean or Japanese text
// but the three languages' names in the language menu and the sentence the shell shows when it cannot
// start (it must be there before any download); no catalogue, feature text or font of those languages.
test('an English visitor downloads no Chinese, Korean or Japanese text, catalogue or font', async ({ page }) => {
  test.setTimeout(120_000);
  const bodies = new Map<string, Promise<string>>();
  const fonts: string[] = [];
  page.on('response', (r) => {
    const url = new URL(r.url());
    if (r.request().resourceType() === 'font') fonts.push(r.url());
    const app = DIST_BY_PORT[Number(url.port)];
    if (r.request().resourceType() === 'script' && app) {
      const file = path.join(root, app, 'dist', decodeURIComponent(url.pathname));
      bodies.set(r.url(), Promise.resolve(fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : ''));
    } else if (!bodies.has(r.url()))
      bodies.set(
        r.url(),
        r.text().catch(() => ''),
      );
  });
  await page.route(/tile\.openstreetmap\.org/, (r) => r.abort());
  await page.goto('/saigon-riverside-hotel/map?src=qr');
  await expect(page.locator('.leaflet-marker-icon[data-activity-id]').first()).toBeVisible({ timeout: 30_000 });
  await page.locator('.leaflet-marker-icon[data-activity-id]').first().click();
  await expect(page.getByRole('article').getByRole('heading', { level: 2 })).toBeVisible({ timeout: 30_000 });
  await page.goto('/saigon-riverside-hotel/map?rewards=1');
  await expect(page.getByRole('dialog', { name: 'Rewards' })).toBeVisible({ timeout: 30_000 });
  await page.goto('/saigon-riverside-hotel?dialogAuth=true');
  await expect(page.getByRole('dialog').locator('input[type="password"]')).toBeVisible({ timeout: 30_000 });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  await page.goto('/terms-and-privacy');
  await expect(page.getByRole('heading', { name: 'Terms of use' })).toBeVisible({ timeout: 30_000 });

  // The only CJK text allowed: the menu's names and the boot-failure sentences (shell/src/app/boot-failed.ts).
  const { LANGUAGES } = await import('@guestmap/shared-ui/languages');
  const { BOOT_FAILED_TEXTS } = await import('../src/app/boot-failed.ts');
  const CJK_RUN = /[\u1100-\u11ff\u3040-\u30ff\u3130-\u318f\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]+/g;
  const allowedText = [
    ...LANGUAGES.map((l) => l.name),
    ...Object.values(BOOT_FAILED_TEXTS).flatMap((t) => Object.values(t)),
  ].join('\n');
  const allowed = new Set(allowedText.match(CJK_RUN) ?? []);
  const found = new Map<string, Set<string>>();
  let bytes = 0;
  // The hotel's own content read from the API too: places' texts are read in the guest's language and the
  // fallbacks only (docs/content-languages.md); names in every language come only when the guest searches.
  for (const [url, body] of bodies) {
    const text = await body;
    bytes += Buffer.byteLength(text);
    for (const run of text.match(CJK_RUN) ?? []) {
      if (allowed.has(run)) continue;
      (found.get(url) ?? found.set(url, new Set()).get(url)!).add(run);
    }
  }
  const allowedBytes = Buffer.byteLength([...allowed].join(''));
  console.log(
    `[budget] English visitor: ${bodies.size} responses, ${(bytes / 1024).toFixed(1)} KB as received; CJK text in them: the language names and the boot-failure sentences only (${allowedBytes} bytes before compression)`,
  );
  expect(Object.fromEntries([...found].map(([u, runs]) => [u, [...runs].slice(0, 10)]))).toEqual({});
  expect([...bodies.keys()].filter((u) => /\/(zh|ko|ja)(\.[0-9a-f]+)?\.(json|js)$/.test(u))).toEqual([]);
  expect(fonts).toEqual([]);
});
