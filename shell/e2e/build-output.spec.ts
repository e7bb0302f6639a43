// Checks on the production builds themselves (they run after `build` in npm test):
// the shell names no remote URL, remotes publish manifests, assets are content-hashed,
// and antd (fingerprinted by its CSS-in-JS runtime) never reaches the guest path.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { EXPOSES } from '@guestmap/shared-ui/contracts';

const root = path.resolve(import.meta.dirname, '../..');
const APPS = {
  marketing: 'mfe-marketing',
  map: 'mfe-map',
  account: 'mfe-account',
  dashboard: 'mfe-dashboard',
} as const;
const ANTD_FINGERPRINT = 'data-token-hash';

function files(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

test('the shell bundle names no remote URL: remotes come from /config.json at runtime', () => {
  const js = files(path.join(root, 'shell/dist')).filter((f) => f.endsWith('.js'));
  expect(js.length).toBeGreaterThan(0);
  for (const f of js) {
    const text = fs.readFileSync(f, 'utf8');
    expect(text, f).not.toMatch(/(localhost|127\.0\.0\.1):300[1-4]/);
    expect(text, f).not.toMatch(/https?:\/\/[^"'\s]*mf-manifest\.json/);
  }
});

test('every remote publishes mf-manifest.json with the screens of the contract, and hashed assets', () => {
  for (const [remote, dir] of Object.entries(APPS) as [keyof typeof APPS, string][]) {
    const manifest = JSON.parse(fs.readFileSync(path.join(root, dir, 'dist/mf-manifest.json'), 'utf8')) as {
      name: string;
      exposes: { name: string }[];
    };
    expect(manifest.name).toBe(remote);
    const exposed = manifest.exposes.map((e) => e.name);
    for (const screen of EXPOSES[remote]) expect(exposed, `${remote} exposes ${screen}`).toContain(screen);
    expect(exposed).toContain('register');
    const statics = files(path.join(root, dir, 'dist/static')).filter((f) => /\.(js|css)$/.test(f));
    for (const f of statics) expect(path.basename(f), `${f} is content-hashed`).toMatch(/\.[0-9a-f]{8,}\.(js|css)$/);
  }
});

test('every remote publishes mf-preload.json: its entry and, per screen, every script it needs at once, all present', () => {
  for (const [remote, dir] of Object.entries(APPS) as [keyof typeof APPS, string][]) {
    const dist = path.join(root, dir, 'dist');
    const manifest = JSON.parse(fs.readFileSync(path.join(dist, 'mf-manifest.json'), 'utf8')) as {
      metaData: { remoteEntry: { name: string } };
      exposes: { name: string; assets: { js: { sync: string[] } } }[];
    };
    const list = JSON.parse(fs.readFileSync(path.join(dist, 'mf-preload.json'), 'utf8')) as {
      entry: string[];
      exposes: Record<string, string[]>;
    };
    expect(list.entry, `${remote}'s entry`).toEqual([manifest.metaData.remoteEntry.name]);
    for (const e of manifest.exposes) {
      const scripts = list.exposes[`./${e.name}`] ?? [];
      // At least what the manifest lists for the module (it leaves out chunks shared with other modules).
      expect(scripts, `${remote}/${e.name}`).toEqual(expect.arrayContaining(e.assets.js.sync));
      for (const f of scripts) expect(fs.existsSync(path.join(dist, f)), `${remote}/${e.name}: ${f} exists`).toBe(true);
    }
  }
});

test('the public apps’ scripts ask the browser to compile them while they download; the account and dashboard remotes’ do not', () => {
  const hint = '//# allFunctionsCalledOnLoad\n';
  const scripts = (dir: string) => files(path.join(root, dir, 'dist/static/js')).filter((f) => f.endsWith('.js'));
  for (const dir of ['shell', APPS.map, APPS.marketing]) {
    // The shell's start script (build/paint-first.ts) is 1 KB run once: it needs no hint.
    const js = scripts(dir).filter((f) => !/\/start\.[0-9a-f]+\.js$/.test(f));
    expect(js.length, dir).toBeGreaterThan(1);
    for (const f of js)
      expect(fs.readFileSync(f, 'utf8').startsWith(hint), `${f} starts with the compile hint`).toBe(true);
  }
  for (const dir of [APPS.account, APPS.dashboard]) {
    for (const f of scripts(dir))
      expect(fs.readFileSync(f, 'utf8').includes('allFunctionsCalledOnLoad'), f).toBe(false);
  }
});

test('antd is not in the shell bundle', () => {
  for (const f of files(path.join(root, 'shell/dist')).filter((x) => x.endsWith('.js'))) {
    expect(fs.readFileSync(f, 'utf8').includes(ANTD_FINGERPRINT), f).toBe(false);
  }
});

test('the guest path (Customer, Map, Activity) loads no antd code', async ({ page }) => {
  const loaded: string[] = [];
  page.on('response', async (r) => {
    if (r.request().resourceType() === 'script' && r.ok()) {
      const body = await r.text().catch(() => '');
      if (body.includes(ANTD_FINGERPRINT)) loaded.push(r.url());
    }
  });
  for (const p of ['/saigon-riverside-hotel', '/saigon-riverside-hotel/map', '/ho-chi-minh-city/map']) {
    await page.goto(p);
    await expect(page.locator('h1, [role="main"], main').first()).toBeVisible();
  }
  await page.waitForLoadState('networkidle');
  expect(loaded).toEqual([]);
});
