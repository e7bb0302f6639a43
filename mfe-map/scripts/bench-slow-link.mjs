#!/usr/bin/env node
// The hotel map on a slow link (issue 32, item 2): 400 ms round trips and 400 kbit/s both ways, set by
// Chrome's own network emulation (CDP Network.emulateNetworkConditions), cold cache, tiles blocked, on a
// phone's screen and a desktop's. Prints the time from navigation to the welcome, the first marker and
// the list's first row, the bytes downloaded (all, and from the Supabase API), and every request that
// failed (none may: no timeout in the page is shorter than such a link needs). Never fails on timings.
import { launchBenchBrowser, serveCopy } from '../../shell/scripts/serve-copy.mjs';

const LINK = { latency: 400, kbit: 400 };
const { origin, stop } = await serveCopy({ base: 3750, api: 25091 });
const api = 'http://127.0.0.1:25091';
const browser = await launchBenchBrowser();

const SCREENS = [
  { name: 'phone 412 × 823', viewport: { width: 412, height: 823 }, isMobile: true },
  { name: 'desktop 1280 × 800', viewport: { width: 1280, height: 800 }, isMobile: false },
];
const rows = [];
for (const screen of SCREENS) {
  const ctx = await browser.newContext({
    viewport: screen.viewport,
    isMobile: screen.isMobile,
    hasTouch: screen.isMobile,
    serviceWorkers: 'block',
  });
  const page = await ctx.newPage();
  await page.route(/tile\.openstreetmap\.org/, (r) => r.abort());
  const failed = [];
  page.on('requestfailed', (r) => {
    if (!/openstreetmap/.test(r.url())) failed.push(`${r.url()} ${r.failure()?.errorText}`);
  });
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: LINK.latency,
    downloadThroughput: (LINK.kbit * 1000) / 8,
    uploadThroughput: (LINK.kbit * 1000) / 8,
  });
  const urls = new Map();
  let bytes = 0;
  let apiBytes = 0;
  cdp.on('Network.requestWillBeSent', (e) => urls.set(e.requestId, e.request.url));
  cdp.on('Network.loadingFinished', (e) => {
    bytes += e.encodedDataLength;
    if ((urls.get(e.requestId) ?? '').startsWith(api)) apiBytes += e.encodedDataLength;
  });
  const t0 = Date.now();
  await page.goto(`${origin}/saigon-riverside-hotel/map`, { waitUntil: 'commit' });
  const at = async (locator) => {
    await locator.waitFor({ state: 'attached', timeout: 180000 });
    return Date.now() - t0;
  };
  const [welcome, marker, list] = await Promise.all([
    at(page.getByText('Our team picked these places for you').first()),
    at(page.locator('.leaflet-marker-icon[data-activity-id]').first()),
    // On a phone the list sits in the closed bottom sheet: its rows are there, hidden until it opens.
    at(page.locator('#gm-results a[href]').first()),
  ]);
  await page.waitForTimeout(3000);
  rows.push({ screen: screen.name, welcome, marker, list, bytes, apiBytes, failed });
  await ctx.close();
}
const col = (f) => Object.fromEntries(rows.map((r) => [r.screen, f(r)]));
const s = (ms) => `${(ms / 1000).toFixed(1)} s`;
const kb = (b) => `${(b / 1024).toFixed(0)} KB`;
console.log(
  `\nHotel map on a slow link (${LINK.latency} ms round trips, ${LINK.kbit} kbit/s, cold cache, tiles blocked)`,
);
console.table([
  { measure: 'welcome shown', ...col((r) => s(r.welcome)) },
  { measure: 'first marker', ...col((r) => s(r.marker)) },
  { measure: 'list (first row)', ...col((r) => s(r.list)) },
  { measure: 'bytes downloaded (all)', ...col((r) => kb(r.bytes)) },
  { measure: 'bytes from the Supabase API', ...col((r) => kb(r.apiBytes)) },
  { measure: 'requests failed (must be 0)', ...col((r) => String(r.failed.length)) },
]);
for (const r of rows) for (const f of r.failed) console.log(`  failed on ${r.screen}: ${f}`);
await browser.close();
stop();
process.exit(0);
