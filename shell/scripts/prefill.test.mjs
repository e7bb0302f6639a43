import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  HINTS_ID,
  PRERENDER_FILE,
  ROUTE_END,
  ROUTE_START,
  createCustomerReader,
  createPreloadReader,
  languageOf,
  mapPageCustomer,
  prerenderHtml,
  screenHints,
  renderPage,
  screenOf,
  themeOf,
  pageTexts,
} from './prefill.mjs';

const html = fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'index.html'), 'utf8');
const config = { supabaseUrl: 'http://127.0.0.1:54321', supabaseAnonKey: 'a.b.c', remotes: {} };
const hotel = {
  id: 'saigon-riverside-hotel',
  kind: 'hotel',
  name: 'Saigon Riverside Hotel',
  welcome: { en: 'Welcome!', vi: 'Xin chào!' },
  primary_color: '#0E7C86',
};
const dataOf = (page, id) =>
  JSON.parse(new RegExp(`<script type="application/json" id="${id}">(.*?)</script>`, 's').exec(page)[1]);

describe('what the server writes into the shell page', () => {
  it('knows a map page’s customer from its address, and nothing else', () => {
    expect(mapPageCustomer('/saigon-riverside-hotel/map')).toBe('saigon-riverside-hotel');
    expect(mapPageCustomer('/saigon-riverside-hotel/map/pho-2000/42')).toBe('saigon-riverside-hotel');
    expect(mapPageCustomer('/hotels')).toBeNull();
    expect(mapPageCustomer('/')).toBeNull();
    expect(mapPageCustomer('/static/js/map.js')).toBeNull();
    expect(mapPageCustomer('/%E0%A4%A/map')).toBeNull();
  });

  it('inlines the config on every page and drops the config preload', () => {
    const page = renderPage(html, { config });
    expect(dataOf(page, 'gm-boot-config')).toEqual(config);
    expect(page).not.toContain('href="/config.json"');
    expect(page).not.toContain('gm:customer');
  });

  it('draws the hotel’s name and welcome in the page’s language, with its colour', () => {
    const page = renderPage(html, { config, customer: hotel, lang: 'vi' });
    expect(page).toContain('<p class="gm-splash-name">Saigon Riverside Hotel</p>');
    expect(page).toContain('<p class="gm-splash-text" elementtiming="gm-welcome">Xin chào!</p>');
    expect(page).toContain('--gm-brand:#0E7C86');
    expect(dataOf(page, 'gm-boot-customer')).toEqual(hotel);
    expect(renderPage(html, { config, customer: hotel, lang: 'fr' })).toContain(
      '<p class="gm-splash-text" elementtiming="gm-welcome">Welcome!</p>',
    );
  });

  it('a map page carries, hidden, the line its first script shows when the API gets no answer, in the page’s language', () => {
    const notice = (page) =>
      /<p id="gm-early-notice" class="gm-early-notice" role="status" hidden>([^<]*)<\/p>/.exec(page);
    expect(notice(renderPage(html, { config, customer: hotel, lang: 'vi', earlyNotice: true }))?.[1]).toBe(
      'Vẫn đang cố kết nối tới máy chủ…',
    );
    expect(notice(renderPage(html, { config, lang: 'en', earlyNotice: true }))?.[1]).toBe(
      'Still trying to reach the server…',
    );
    for (const lang of ['fr', 'zh', 'ko', 'ja'])
      expect(notice(renderPage(html, { config, lang, earlyNotice: true }))?.[1]).toMatch(/…$/);
    // In the route's part of the page: the service worker keeps no page with it.
    expect(renderPage(html, { config, earlyNotice: true })).toMatch(/<!--gm:route--><p id="gm-early-notice"/);
    expect(notice(renderPage(html, { config, customer: hotel }))).toBeNull();
  });

  it('a welcome missing in the page’s language falls back to English, then Vietnamese', () => {
    const inVietnamese = { ...hotel, welcome: { en: ' ', vi: 'Xin chào!', ko: '환영합니다!' } };
    expect(renderPage(html, { config, customer: inVietnamese, lang: 'ko' })).toContain(
      '<p class="gm-splash-text" elementtiming="gm-welcome">환영합니다!</p>',
    );
    expect(renderPage(html, { config, customer: inVietnamese, lang: 'fr' })).toContain(
      '<p class="gm-splash-text" elementtiming="gm-welcome">Xin chào!</p>',
    );
  });

  it('a hostile name or welcome stays text: no markup, no way out of the data block', () => {
    const evil = {
      ...hotel,
      name: '<img src=x onerror=alert(1)>',
      welcome: { en: '</script><script>alert(1)</script>' },
      primary_color: 'red;background:url(x)',
    };
    const page = renderPage(html, { config, customer: evil, lang: 'en' });
    expect(page).not.toContain('<img src=x');
    expect(page).not.toContain('</script><script>');
    expect(page).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(page).not.toContain('style="--gm-brand');
    expect(dataOf(page, 'gm-boot-customer').welcome.en).toBe('</script><script>alert(1)</script>');
  });

  it('takes the language from Accept-Language, English otherwise', () => {
    expect(languageOf('fr-FR,fr;q=0.9,en;q=0.8')).toBe('fr');
    expect(languageOf('de-DE,vi;q=0.8')).toBe('vi');
    expect(languageOf(undefined)).toBe('en');
    // The language the shell last used on this site (its cookie) wins over the browser's.
    expect(languageOf('en-US,en;q=0.9', 'theme=dark; gm-locale=fr-FR; other=1')).toBe('fr');
    expect(languageOf('fr-FR', 'gm-locale=vi-VN')).toBe('vi');
    expect(languageOf('fr-FR', 'gm-locale=de-DE; x-gm-locale=vi-VN')).toBe('fr');
  });

  it('speaks Chinese, Korean and Japanese to browsers that prefer them (shared-ui’s list)', () => {
    expect(languageOf('zh-CN,zh;q=0.9,en;q=0.8')).toBe('zh');
    expect(languageOf('zh-TW,zh;q=0.9')).toBe('zh');
    expect(languageOf('de-DE,ko;q=0.8,en;q=0.5')).toBe('ko');
    expect(languageOf('ja')).toBe('ja');
    expect(languageOf('ja-JP', 'gm-locale=en-US')).toBe('en');
    expect(languageOf('en-US', 'gm-locale=zh-CN')).toBe('zh');
    expect(languageOf('en-US', 'gm-locale=zh-TW')).toBe('en');
  });

  it('marks the page dark when the visitor chose the dark theme on this site, and only then', () => {
    expect(themeOf('gm-locale=fr-FR; gm-theme=dark')).toBe('dark');
    expect(themeOf('gm-theme=light')).toBe('light');
    expect(themeOf('x-gm-theme=dark; gm-theme=darker')).toBe('light');
    expect(themeOf(undefined)).toBe('light');
    const dark = renderPage(html, { config, customer: hotel, theme: 'dark' });
    expect(dark).toMatch(/^<!doctype html>\s*<html data-theme="dark" lang="en-US">/);
    expect(renderPage(html, { config })).not.toContain('data-theme');
  });

  it('reads a customer once as the anonymous visitor, keeps it briefly, and gives up quietly', async () => {
    const calls = [];
    const fetchImpl = async (url, init) => {
      calls.push([url, init.headers.apikey]);
      return new Response(JSON.stringify(url.includes('nobody') ? [] : [hotel]), { status: 200 });
    };
    const read = createCustomerReader({ apiUrl: 'http://api', anonKey: 'anon', fetchImpl });
    expect(await read('saigon-riverside-hotel')).toEqual(hotel);
    expect(await read('saigon-riverside-hotel')).toEqual(hotel);
    expect(await read('nobody')).toBeNull();
    expect(calls).toEqual([
      ['http://api/rest/v1/customers?select=*,ward:vn_wards(name,province)&id=eq.saigon-riverside-hotel', 'anon'],
      ['http://api/rest/v1/customers?select=*,ward:vn_wards(name,province)&id=eq.nobody', 'anon'],
    ]);
    const down = createCustomerReader({
      apiUrl: 'http://api',
      anonKey: 'anon',
      fetchImpl: async () => Promise.reject(new TypeError('down')),
    });
    expect(await down('x')).toBeNull();
  });

  it('hints the screen’s scripts on public pages, in the route’s own part of the page', () => {
    expect(screenOf('/')).toEqual({ remote: 'marketing', module: 'Home' });
    expect(screenOf('/hotels')).toEqual({ remote: 'marketing', module: 'Hotels' });
    expect(screenOf('/saigon-riverside-hotel/map')).toEqual({ remote: 'map', module: 'MapScreen' });
    expect(screenOf('/saigon-riverside-hotel/map/pho-2000/42')).toEqual({ remote: 'map', module: 'ActivityScreen' });
    // Guarded pages, files and unknown shapes get no hints.
    for (const p of ['/saigon-riverside-hotel/dashboard', '/user', '/create-customer', '/favicon.ico', '/a/map/b/c/d'])
      expect(screenOf(p)).toBeNull();

    const manifest = 'http://127.0.0.1:3002/mf-manifest.json';
    const list = {
      entry: ['static/js/map.1.js'],
      exposes: {
        './register': ['static/js/async/reg.2.js'],
        './MapScreen': ['static/js/async/1.3.js', 'static/js/async/ms.4.js'],
        './Other': ['static/js/async/o.5.js'],
      },
    };
    const hints = screenHints(manifest, list, 'MapScreen');
    // The connection opens with the page; the rest is data the shell's start script turns into links once
    // the first frame is painted (src/start.js).
    expect(hints).toMatch(
      /^<link rel="preconnect" href="http:\/\/127\.0\.0\.1:3002" crossorigin \/><script type="application\/json" id="gm-hints">/,
    );
    const later = dataOf(hints, HINTS_ID);
    expect(later.map((h) => `${h.rel} ${h.as} ${h.crossorigin} ${h.href}`)).toEqual([
      `preload fetch anonymous ${manifest}`,
      'prefetch script anonymous http://127.0.0.1:3002/static/js/map.1.js',
      'prefetch script anonymous http://127.0.0.1:3002/static/js/async/reg.2.js',
      'prefetch script anonymous http://127.0.0.1:3002/static/js/async/1.3.js',
      'prefetch script anonymous http://127.0.0.1:3002/static/js/async/ms.4.js',
    ]);
    // Everything in CORS mode, as the runtime and the remote's chunk loading ask for it (another mode would
    // be a second download). The scripts are prefetched (a failed preload of a script would fail the
    // script itself later, even once the server is back).
    expect(later[0]).toEqual({
      rel: 'preload',
      href: manifest,
      as: 'fetch',
      crossorigin: 'anonymous',
      fetchpriority: 'low',
    });
    // A file name that is not a plain script path is never written into the page.
    const odd = screenHints(manifest, { entry: ['"><script>alert(1)</script>.js', 'javascript:x.js'] }, 'MapScreen');
    expect(odd).not.toContain('<script>');
    expect(dataOf(odd, HINTS_ID)).toHaveLength(1);

    const built = html.replace('</head>', '<script defer src="/static/js/index.1.js"></script></head>');
    const page = renderPage(built, { config, hints });
    const head = page.slice(0, page.indexOf('</head>'));
    expect(head).toContain(`${ROUTE_START}${hints}${ROUTE_END}`);
    // After the shell's own scripts: they are asked for first.
    expect(head.indexOf(ROUTE_START)).toBeGreaterThan(head.indexOf('<script defer src="/static/js/index.1.js">'));
    expect(renderPage(html, { config })).not.toContain(ROUTE_START);
  });

  it('reads a remote’s preload list once, keeps it briefly, and does without when it cannot', async () => {
    const calls = [];
    const list = { entry: ['static/js/m.1.js'], exposes: {} };
    const fetchImpl = async (url) => {
      calls.push(url);
      return url.includes(':3001')
        ? new Response('nope', { status: 404 })
        : new Response(JSON.stringify(list), { status: 200 });
    };
    const read = createPreloadReader({
      remotes: { map: 'http://127.0.0.1:3002/mf-manifest.json', marketing: 'http://127.0.0.1:3001/mf-manifest.json' },
      fetchImpl,
    });
    expect(await read('map')).toEqual({ manifestUrl: 'http://127.0.0.1:3002/mf-manifest.json', list });
    expect(await read('map')).toEqual({ manifestUrl: 'http://127.0.0.1:3002/mf-manifest.json', list });
    expect(await read('marketing')).toBeNull();
    expect(await read('account')).toBeNull();
    expect(calls).toEqual(['http://127.0.0.1:3002/mf-preload.json', 'http://127.0.0.1:3001/mf-preload.json']);
    const down = createPreloadReader({
      remotes: { map: 'http://x/mf-manifest.json' },
      fetchImpl: async () => Promise.reject(new TypeError('down')),
    });
    expect(await down('map')).toBeNull();
  });

  it('puts a screen’s prerendered hero in the page, in the visitor’s language, and nothing that could run', () => {
    const prerender = {
      css: '.gmk-hero{padding:56px 0}',
      screens: {
        Home: {
          en: '<div class="gmk-page"><h1>Your city</h1></div>',
          vi: '<div class="gmk-page"><h1>Thành phố</h1></div>',
        },
      },
    };
    const vi = prerenderHtml(prerender, 'Home', 'vi');
    expect(vi).toBe(
      '<div id="gm-prerender" class="gm-prerender" inert aria-hidden="true"><style>.gmk-hero{padding:56px 0}</style><div class="gmk-page"><h1>Thành phố</h1></div></div>',
    );
    // No French copy: English, the remote's fallback language.
    expect(prerenderHtml(prerender, 'Home', 'fr')).toContain('<h1>Your city</h1>');
    expect(prerenderHtml(prerender, 'Hotels', 'en')).toBe('');
    expect(prerenderHtml(null, 'Home', 'en')).toBe('');
    for (const html of [
      '<h1>x</h1><script>alert(1)</script>',
      '<img src=x onerror="alert(1)">',
      '<h1>x</h1><!--/gm:route-->',
      '<h1>x</h1><link rel="stylesheet" href="//evil">',
    ]) {
      expect(prerenderHtml({ css: '', screens: { Home: { en: html } } }, 'Home', 'en')).toBe('');
    }
    expect(
      prerenderHtml(
        { css: '</style><script>alert(1)</script>', screens: { Home: { en: '<h1>x</h1>' } } },
        'Home',
        'en',
      ),
    ).toBe('');
    // Ordinary words that look like handlers are text, not attributes.
    expect(
      prerenderHtml({ css: '', screens: { Home: { en: '<p>Tap on =, only = one</p>' } } }, 'Home', 'en'),
    ).toContain('<p>Tap on =');

    // In the page after everything else, inside the route's markers: the service worker's copy leaves it out.
    const page = renderPage(html, { config, prerender: vi });
    expect(page).toContain(`${ROUTE_START}${vi}${ROUTE_END}</body>`);
    expect(page.indexOf(vi)).toBeGreaterThan(page.indexOf('<div id="root">'));
    expect(renderPage(html, { config })).not.toContain('id="gm-prerender"');
  });

  it('reads a remote’s prerendered heroes from beside its manifest', async () => {
    const calls = [];
    const body = { css: '', screens: { Home: { en: '<h1>x</h1>' } } };
    const read = createPreloadReader({
      remotes: { marketing: 'http://127.0.0.1:3001/mf-manifest.json' },
      file: PRERENDER_FILE,
      fetchImpl: async (url) => (calls.push(url), new Response(JSON.stringify(body))),
    });
    expect(await read('marketing')).toEqual({ manifestUrl: 'http://127.0.0.1:3001/mf-manifest.json', list: body });
    expect(calls).toEqual(['http://127.0.0.1:3001/prerender.json']);
  });
});

describe('pageTexts', () => {
  it("keeps a customer's per-language texts in the page's language and the fallbacks only", () => {
    const row = {
      id: 'h',
      name: 'Hotel',
      latitude: 10.7,
      welcome: { en: 'Welcome', vi: 'Chào mừng', fr: 'Bienvenue', zh: '欢迎', ko: '환영', ja: 'ようこそ' },
      photos: ['a.webp'],
    };
    expect(pageTexts(row, 'en').welcome).toEqual({ en: 'Welcome', vi: 'Chào mừng' });
    expect(pageTexts(row, 'ko').welcome).toEqual({ en: 'Welcome', vi: 'Chào mừng', ko: '환영' });
    expect(pageTexts(row, 'en')).toMatchObject({ id: 'h', name: 'Hotel', latitude: 10.7, photos: ['a.webp'] });
  });
});
