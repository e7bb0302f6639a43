#!/usr/bin/env node
// Prints the bytes each key page loads (as served: brotli/gzip), from the production builds served
// as `npm start` serves them, on ports of its own. A benchmark: it prints figures and never fails on them.
import { launchBenchBrowser, serveCopy } from './serve-copy.mjs';

const base = 3700;
const served = await serveCopy({ base, api: 25021 });
const browser = await launchBenchBrowser();
const rows = [];
const cjk = [];
/** One page in one language (the browser's, as a first visit): what it transfers. */
async function visit(page, locale) {
  const ctx = await browser.newContext({ viewport: { width: 360, height: 740 }, locale });
  const p = await ctx.newPage();
  const cdp = await ctx.newCDPSession(p);
  await cdp.send('Network.enable');
  const seen = new Map();
  const done = [];
  cdp.on('Network.responseReceived', (e) => seen.set(e.requestId, { url: e.response.url, type: e.type }));
  cdp.on('Network.loadingFinished', (e) => {
    const r = seen.get(e.requestId);
    if (r) done.push({ ...r, bytes: e.encodedDataLength });
  });
  await p.goto(`http://127.0.0.1:${base}${page}`, { waitUntil: 'networkidle' });
  await ctx.close();
  const sum = (f) => done.filter(f).reduce((a, r) => a + r.bytes, 0);
  return {
    all: sum(() => true),
    js: sum((r) => r.type === 'Script'),
    fonts: done.filter((r) => r.type === 'Font').length,
  };
}
for (const page of ['/saigon-riverside-hotel/map', '/']) {
  // Issue 30: what Chinese costs a Chinese visitor (its catalogues), against an English visitor.
  const en = await visit(page, 'en-US');
  const zh = await visit(page, 'zh-CN');
  cjk.push({
    page,
    'English KB': (en.all / 1024).toFixed(1),
    'Chinese KB': (zh.all / 1024).toFixed(1),
    'extra KB (Chinese)': ((zh.all - en.all) / 1024).toFixed(1),
    'extra JS KB': ((zh.js - en.js) / 1024).toFixed(1),
    'font files (zh)': zh.fonts,
  });
}
for (const page of ['/ho-chi-minh-city/map', '/saigon-riverside-hotel/map', '/', '/hotels']) {
  const ctx = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const p = await ctx.newPage();
  const cdp = await ctx.newCDPSession(p);
  await cdp.send('Network.enable');
  const seen = new Map();
  const done = [];
  cdp.on('Network.responseReceived', (e) => seen.set(e.requestId, { url: e.response.url, type: e.type }));
  cdp.on('Network.loadingFinished', (e) => {
    const r = seen.get(e.requestId);
    if (r) done.push({ ...r, bytes: e.encodedDataLength });
  });
  const t0 = Date.now();
  await p.goto(`http://127.0.0.1:${base}${page}`, { waitUntil: 'networkidle' });
  const ms = Date.now() - t0;
  const sum = (f) => done.filter(f).reduce((a, r) => a + r.bytes, 0) / 1024;
  rows.push({
    page,
    'JS KB': sum((r) => r.type === 'Script').toFixed(1),
    'JS files': done.filter((r) => r.type === 'Script').length,
    'CSS KB': sum((r) => r.type === 'Stylesheet').toFixed(1),
    'all KB': sum(() => true).toFixed(1),
    requests: done.length,
    'network idle ms (unthrottled)': ms,
  });
  await ctx.close();
}
await browser.close();
console.log('\nBytes transferred per page (compressed as served), phone viewport, tiles unreachable:');
console.table(rows);
console.log('Budgets (issue 11): guest map JS <= 300 KB gzip, marketing home JS <= 200 KB gzip.');
console.log('\nA Chinese visitor (browser in zh-CN, first visit) against an English one, same pages (issue 30):');
console.table(cjk);
for (const r of cjk)
  console.log(
    `[bench] Chinese visitor on ${r.page}: ${r['extra KB (Chinese)']} KB more than English (its catalogues), no web font`,
  );
served.stop();
process.exit(0);
