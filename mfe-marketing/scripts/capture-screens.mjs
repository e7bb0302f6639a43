#!/usr/bin/env node
// Captures the Home carousel's screenshots from the running product (real screens, seeded demo data):
// the Riverside hotel's map, a partner place, the hotel's welcome page and its rewards, at a phone size,
// in every language of shared-ui's list (or those named), as WebP files in src/assets/screens/.
//
//   npm start                                   # in another terminal (or any running copy)
//   node mfe-marketing/scripts/capture-screens.mjs [http://127.0.0.1:3000] [zh,ko,ja]
//
// Map tiles are left out (they are not ours to ship and this machine cannot load them); the map shows
// its own neutral background, as it does whenever tiles are unreachable.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { LANGUAGES } from '@guestmap/shared-ui/languages';

const here = path.dirname(fileURLToPath(import.meta.url));
const out = path.join(here, '../src/assets/screens');
const base = process.argv[2] ?? 'http://127.0.0.1:3000';
const HOTEL = 'saigon-riverside-hotel';
const only = process.argv[3]?.split(',');
const LOCALES = Object.fromEntries(
  LANGUAGES.filter((l) => !only || only.includes(l.lang)).map((l) => [l.lang, l.locale]),
);

const config = await (await fetch(`${base}/config.json`)).json();
const rest = async (q) =>
  (await fetch(`${config.supabaseUrl}/rest/v1/${q}`, { headers: { apikey: config.supabaseAnonKey } })).json();
const [partner] = await rest(
  `activities?customer_id=eq.${HOTEL}&is_partner=eq.true&published=eq.true&select=id,slug&order=sort_order&limit=1`,
);
if (!partner) throw new Error('no partner place in the demo data: run against `npm start`');

const executablePath = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => fs.existsSync(p));
const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] });
const encoder = await (await browser.newContext()).newPage();

/** PNG → WebP with the browser's own encoder (no image library needed). */
async function toWebp(png) {
  const dataUrl = await encoder.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = img.naturalWidth;
    c.height = img.naturalHeight;
    c.getContext('2d').drawImage(img, 0, 0);
    return c.toDataURL('image/webp', 0.8);
  }, png.toString('base64'));
  return Buffer.from(dataUrl.split(',')[1], 'base64');
}

const shots = {
  map: async (page) => {
    await page.goto(`${base}/${HOTEL}/map`);
    await page.locator('.leaflet-marker-icon[data-activity-id]').first().waitFor();
  },
  place: async (page) => {
    await page.goto(`${base}/${HOTEL}/map/${partner.slug}/${partner.id}`);
    await page.getByRole('article').getByRole('heading', { level: 2 }).waitFor();
  },
  welcome: async (page) => {
    await page.goto(`${base}/${HOTEL}`);
    await page.getByRole('main').getByRole('heading', { level: 1 }).waitFor();
  },
  rewards: async (page) => {
    await page.goto(`${base}/${HOTEL}/map?rewards=1`);
    await page.getByRole('dialog').first().waitFor({ timeout: 15_000 });
  },
};

fs.mkdirSync(out, { recursive: true });
for (const [lang, locale] of Object.entries(LOCALES)) {
  const ctx = await browser.newContext({
    viewport: { width: 360, height: 740 },
    deviceScaleFactor: 1.5,
    locale,
    timezoneId: 'Asia/Ho_Chi_Minh',
    reducedMotion: 'reduce',
  });
  await ctx.route(/tile\.openstreetmap\.org/, (r) => r.abort());
  for (const [id, go] of Object.entries(shots)) {
    const page = await ctx.newPage();
    try {
      await go(page);
      await page.waitForTimeout(800);
      const file = path.join(out, `${id}-${lang}.webp`);
      fs.writeFileSync(file, await toWebp(await page.screenshot()));
      console.log(`${path.relative(process.cwd(), file)}  ${(fs.statSync(file).size / 1024).toFixed(0)} KB`);
    } catch (e) {
      console.warn(`${id} (${lang}) not captured: ${e.message.split('\n')[0]}`);
    }
    await page.close();
  }
  await ctx.close();
}
await browser.close();
