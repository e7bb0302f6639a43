// Helpers for browser tests: the ports in use and a way to make one remote fail on purpose.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Locator, type Page, type Route } from '@playwright/test';
import { totpCode } from '../../local-stack/src/auth/totp.ts';

export const BASE = Number(process.env.GUESTMAP_PORT_BASE ?? 3000);
export const REMOTE_PORTS = { marketing: BASE + 1, map: BASE + 2, account: BASE + 3, dashboard: BASE + 4 } as const;
export type Remote = keyof typeof REMOTE_PORTS;

export const remoteOrigin = (r: Remote) => `http://127.0.0.1:${REMOTE_PORTS[r]}`;

/** Every request to that remote's server fails as if the server were down. */
export async function remoteDown(page: Page, r: Remote) {
  const handler = (route: Route) => route.abort('connectionrefused');
  await page.route(`${remoteOrigin(r)}/**`, handler);
  return () => page.unroute(`${remoteOrigin(r)}/**`, handler);
}

/**
 * Runs `fn` while no other test (in any worker) holds the lock `name`: for tests in different files that
 * change the same seeded rows (Playwright runs files side by side; within a file, tests run in order).
 * The lock is a directory made atomically, per port base; one left by a killed run is taken after 5 minutes.
 */
export async function exclusive<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const dir = path.join(os.tmpdir(), `guestmap-e2e-${BASE}-${name}.lock`);
  for (;;) {
    try {
      fs.mkdirSync(dir);
      break;
    } catch {
      const age = Date.now() - (fs.statSync(dir, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 300_000) fs.rmSync(dir, { recursive: true, force: true });
      else await new Promise((r) => setTimeout(r, 200));
    }
  }
  try {
    return await fn();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export const API_URL = `http://127.0.0.1:${process.env.SUPABASE_API_PORT ?? 54321}`;
export const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
export const SERVICE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';
export const DEMO_PASSWORD = 'demo-pass-123';

/** The demo secrets of the seeded authenticator apps (supabase/seed.sql, README): administrators must have one. */
export const DEMO_TOTP_SECRETS: Record<string, string> = { 'admin@demo.test': 'GUESTMAPDEMOADMINTOTPSECRET23456' };

/**
 * A real password sign-in against the local stack; returns the GoTrue session. An account with a seeded
 * authenticator app then enters its code, as its owner would (GoTrue's challenge and verify): the session is aal2,
 * so a test whose subject is not the second factor acts as that person normally does.
 */
export async function passwordSession(
  email: string,
  password = DEMO_PASSWORD,
  opts: { enterCode?: boolean; /** which try this is (see below) */ attempt?: number } = {},
): Promise<Record<string, unknown>> {
  const res = await fetch(`${API_URL}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in of ${email} failed: ${res.status} ${await res.text()}`);
  const session = (await res.json()) as Record<string, unknown> & {
    access_token: string;
    user?: { factors?: { id: string; factor_type: string; status: string }[] };
  };
  const secret = DEMO_TOTP_SECRETS[email];
  const factor = session.user?.factors?.find((f) => f.factor_type === 'totp' && f.status === 'verified');
  if (!secret || !factor || opts.enterCode === false) return session;
  const call = async (p: string, body: unknown) => {
    const r = await fetch(`${API_URL}/auth/v1${p}`, {
      method: 'POST',
      headers: {
        apikey: ANON_KEY,
        Authorization: `Bearer ${session.access_token}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify(body),
    });
    if (!r.ok) throw new Error(`${p} for ${email} failed: ${r.status} ${await r.text()}`);
    return (await r.json()) as Record<string, unknown>;
  };
  try {
    const challenge = await call(`/factors/${factor.id}/challenge`, {});
    return await call(`/factors/${factor.id}/verify`, { challenge_id: challenge.id, code: totpCode(secret) });
  } catch (e) {
    // A verified code ends the account's other aal1 sessions (GoTrue does, and so does the stack): another
    // worker that signed the same seeded account in with its code between this sign-in and its challenge ended
    // this one ("session_not_found"). Sign in again, as its owner would; a few times at most.
    const attempt = opts.attempt ?? 1;
    if (attempt < 3 && String(e).includes('session_not_found'))
      return passwordSession(email, password, { ...opts, attempt: attempt + 1 });
    throw e;
  }
}

/**
 * Signs the page in as `email` before it loads, by putting a real session where supabase-js keeps
 * it (localStorage `sb-<host>-auth-token`). For tests whose subject is not the sign-in form itself.
 */
export async function signInAs(
  page: Page,
  email: string,
  password = DEMO_PASSWORD,
  opts: { enterCode?: boolean } = {},
): Promise<Record<string, unknown>> {
  const session = await passwordSession(email, password, opts);
  const key = `sb-${new URL(API_URL).hostname.split('.')[0]}-auth-token`;
  await page.addInitScript(
    ([k, v]) => {
      if (!sessionStorage.getItem('__e2e_signed_in')) {
        localStorage.setItem(k, v);
        sessionStorage.setItem('__e2e_signed_in', '1');
      }
    },
    [key, JSON.stringify(session)] as const,
  );
  return session;
}

/** REST as the service role (test setup and checks only). */
export async function serviceRest(path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${API_URL}/rest/v1/${path}`, {
    ...init,
    headers: {
      apikey: SERVICE_KEY,
      Authorization: `Bearer ${SERVICE_KEY}`,
      'Content-Type': 'application/json',
      ...(init.headers ?? {}),
    },
  });
}

/** Exact row count of a REST query, as the service role. */
export async function serviceCount(pathAndQuery: string): Promise<number> {
  const res = await serviceRest(pathAndQuery, { method: 'HEAD', headers: { Prefer: 'count=exact' } });
  const range = res.headers.get('content-range') ?? '';
  return Number(range.split('/')[1] ?? NaN);
}

export type Catalogue = Record<string, unknown>;

/** An app's message catalogue for a language, as the app ships it (`catalogue('mfe-dashboard', 'vi')`). */
export const catalogue = (app: string, lang: string): Catalogue =>
  JSON.parse(
    fs.readFileSync(path.join(import.meta.dirname, '../..', app, 'src/locales', `${lang}.json`), 'utf8'),
  ) as Catalogue;

/** The text of `key` (dotted) with its {{vars}} filled, as i18next renders it; throws when there is none. */
export function tr(c: Catalogue, key: string, vars: Record<string, string | number> = {}): string {
  const raw = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], c);
  if (typeof raw !== 'string') throw new Error(`no text for ${key}`);
  return raw.replace(/\{\{(\w+)\}\}/g, (_, v: string) => String(vars[v] ?? ''));
}

/** Picks `option` in the antd Select whose input is `field` (retried: antd's dropdown opens late under load). */
export async function choose(page: Page, field: Locator, option: string) {
  const lists = page.locator('.ant-select-dropdown:visible');
  const control = field.locator(
    `xpath=ancestor::*[contains(concat(' ', normalize-space(@class), ' '), ' ant-select ')][1]`,
  );
  await expect(async () => {
    if (await lists.count()) await page.keyboard.press('Escape');
    await expect(lists).toHaveCount(0, { timeout: 2000 });
    await field.click();
    await lists.locator('.ant-select-item-option').filter({ hasText: option }).first().click({ timeout: 2000 });
    await expect(control).toContainText(option, { timeout: 2000 });
  }).toPass({ timeout: 20_000 });
}

/**
 * Waits until an antd dialog (Modal) has finished opening. Its zoom-in runs in steps (rc-motion: prepare, start,
 * active): during prepare and start its buttons are laid out at full size where they will end, but invisible
 * (opacity 0), for several frames, so Playwright finds them visible and stable there; then the zoom starts from
 * the point that was tapped and they jump there. A click aimed during those frames lands on the dialog's wrapper
 * (the mask), which closes the dialog (partner-portal.spec.ts's dispute dialog: "Say why" never shown, once).
 * A person cannot click what is not drawn yet; a test waits for this.
 */
export async function dialogOpened(dialog: Locator) {
  await expect(dialog).toBeVisible();
  await expect
    .poll(() =>
      dialog.evaluate((el) =>
        /-(appear|enter)\b/.test(el.className) ? 'opening' : getComputedStyle(el).opacity === '1' ? 'open' : 'fading',
      ),
    )
    .toBe('open');
}

/**
 * A connection that drops in the middle of a write (issue 32): the first request matching `match`
 * reaches the server and is applied, then its answer is cut on the way back and the browser goes
 * offline; every later matching request fails until `reconnect()` (the browser is online again and
 * requests go through). Returns the request bodies in order (for the idempotency keys sent); `applied()` says the first reached the server.
 */
export async function dropDuringWrite(
  page: Page,
  match: (url: URL) => boolean,
  method = 'POST',
): Promise<{ bodies: unknown[]; applied: () => boolean; reconnect: () => Promise<void> }> {
  const bodies: unknown[] = [];
  let down = false;
  let applied = false;
  await page.route(match, async (route) => {
    const req = route.request();
    if (req.method() !== method) return route.continue();
    bodies.push(req.postDataJSON());
    if (down) return route.abort('internetdisconnected');
    if (bodies.length > 1) return route.continue();
    // The first one: the server applies it; its answer never arrives.
    await route.fetch();
    applied = true;
    down = true;
    await page.context().setOffline(true);
    await route.abort('internetdisconnected');
  });
  return {
    bodies,
    applied: () => applied,
    reconnect: async () => {
      down = false;
      await page.context().setOffline(false);
    },
  };
}

// ─── Pages in one language (issue 30: Chinese, Korean, Japanese) ────────────────────────────────────

/** Latin words a page in any language may show: names of the product and of others' products, units,
 *  abbreviations read the same everywhere, and the map's attribution (a licence requires it as written). */
export const LATIN_NAMES = [
  'Guestmap',
  'Google Maps',
  'Apple Maps',
  'Google',
  'Apple',
  'Grab',
  'VietQR',
  'QR',
  'PIN',
  'CSV',
  // The tiles' licence asks for this credit as written.
  '© OpenStreetMap contributors',
  'OpenStreetMap',
  'Leaflet',
  'km',
  'VND',
  '₫',
  // The bank whose rates a price's estimate uses, named as it names itself (docs/prices.md).
  'Vietcombank',
];

/**
 * What a page shows in a language that is not `lang`: every visible text and the text a screen reader or
 * a field shows (aria-label, placeholder, alt, title) of `scope`, less the allowed names (LATIN_NAMES and
 * `names`: a hotel's name, a place's address, content not yet written in that language). A Chinese page
 * may show no Latin word, Hangul or kana; a Korean page no Latin, kana or Han; a Japanese page no Latin,
 * Hangul or Chinese-only (simplified) characters. Returns the offending texts.
 */
export async function foreignTexts(
  page: Page,
  lang: 'zh' | 'ko' | 'ja',
  { names = [] as string[], scope = 'body' } = {},
): Promise<string[]> {
  const texts = await page.evaluate((selector) => {
    const root = document.querySelector(selector);
    if (!root) return [];
    const out: string[] = [];
    const visible = (el: Element) =>
      (el as HTMLElement).checkVisibility?.({ checkOpacity: false, checkVisibilityCSS: true }) ?? true;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      const s = n.textContent?.trim();
      if (!s || !el || el.closest('script,style,noscript,template') || !visible(el)) continue;
      // A text the page declares in another language and not to be translated (an address as the country writes
      // it: `lang="vi" translate="no"`) is shown as it is on purpose (docs/addresses.md).
      if (el.closest('[lang][translate="no"]')) continue;
      out.push(s);
    }
    for (const el of root.querySelectorAll('[aria-label],[placeholder],[alt],[title]')) {
      if (!visible(el)) continue;
      // An icon inside a control that has its own name is not announced (antd names its icons after themselves).
      if (
        el.classList.contains('anticon') &&
        el.parentElement?.closest('button[aria-label],[role="button"][aria-label]')
      )
        continue;
      for (const a of ['aria-label', 'placeholder', 'alt', 'title']) {
        const v = el.getAttribute(a)?.trim();
        if (v) out.push(v);
      }
    }
    return out;
  }, scope);
  const allowed = [...names, ...LATIN_NAMES].filter(Boolean).sort((a, b) => b.length - a.length);
  const FORBIDDEN = {
    zh: /[A-Za-zÀ-ɏḀ-ỿ]{2,}|[\u1100-\u11ff\uac00-\ud7af\u3040-\u30ff]/u,
    ko: /[A-Za-zÀ-ɏḀ-ỿ]{2,}|[\u3040-\u30ff\u4e00-\u9fff]/u,
    // Simplified forms Japanese writes otherwise (这 们 说 时 间 为 发 个 还 关 开 门 东 车 见 长 书 买 卖 动 图 对 应 边 运 过 进 远 问 题 页 显 设).
    ja: /[A-Za-zÀ-ɏḀ-ỿ]{2,}|[\u1100-\u11ff\uac00-\ud7af]|[这们说时间为发个还关开门东车见长书买卖动图对应边运过进远问题页显设]/u,
  }[lang];
  const offending: string[] = [];
  for (const t of texts) {
    // A name shortened to fit ("10% off at Sec…") is still that name.
    if (t.endsWith('…') && allowed.some((a) => a.startsWith(t.slice(0, -1)))) continue;
    let rest = t;
    for (const a of allowed) rest = rest.split(a).join(' ');
    // Web addresses, e-mail addresses and phone numbers are not words of a language.
    rest = rest.replace(/\bhttps?:\/\/\S+|\S+@\S+\.\w+|www\.\S+/g, ' ');
    if (FORBIDDEN.test(rest)) offending.push(t);
  }
  return [...new Set(offending)];
}

/**
 * Characters of `scope`'s visible text the browser has no glyph for (it would draw a box, "tofu"): each
 * distinct non-ASCII character is drawn in the font of the element it is in and compared, pixel for
 * pixel, with what the same font draws for a character no font has (U+FFFF0, private use plane 16).
 */
export async function missingGlyphs(page: Page, scope = 'body'): Promise<string[]> {
  return page.evaluate((selector) => {
    const root = document.querySelector(selector);
    if (!root) return [];
    const byFont = new Map<string, Set<string>>();
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (!el || !n.textContent) continue;
      const cs = getComputedStyle(el);
      const font = `${cs.fontStyle} ${cs.fontWeight} 24px ${cs.fontFamily}`;
      const set = byFont.get(font) ?? new Set<string>();
      for (const ch of n.textContent) if (ch.codePointAt(0)! > 0x2000 && !/\s/u.test(ch)) set.add(ch);
      byFont.set(font, set);
    }
    const canvas = document.createElement('canvas');
    canvas.width = 40;
    canvas.height = 40;
    const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
    const draw = (font: string, ch: string) => {
      ctx.clearRect(0, 0, 40, 40);
      ctx.font = font;
      ctx.fillStyle = '#000';
      ctx.textBaseline = 'middle';
      ctx.fillText(ch, 4, 20);
      return `${ctx.measureText(ch).width}|${Array.from(ctx.getImageData(0, 0, 40, 40).data).join(',')}`;
    };
    const missing: string[] = [];
    for (const [font, chars] of byFont) {
      const tofu = draw(font, String.fromCodePoint(0xffff0));
      for (const ch of chars) if (draw(font, ch) === tofu) missing.push(ch);
    }
    return [...new Set(missing)];
  }, scope);
}
