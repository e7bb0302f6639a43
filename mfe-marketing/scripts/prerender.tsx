// Prerendered heroes: the top of Home and Hotels as HTML, per language, with the CSS it needs. The
// build writes it beside the remote's manifest (dist/prerender.json); the shell's server puts the
// page's copy into the HTML it sends (shell/scripts/prefill.mjs), so the hero is painted with the
// first bytes, before any script, and the shell removes it when the page itself has rendered.
//
// Run after `rsbuild build` with tsx (package.json "build"): node cannot run TSX by itself.
// The heroes are the components the pages render (src/features/hero/components/heroes.tsx), with the real
// catalogues: a changed text or class is in the next build's copy, never out of step with the page.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { PlatformContext, type Platform } from '@guestmap/shared-ui/contracts';
import { createPlatform } from '@guestmap/shared-ui/platform';
import { cssVariables } from '@guestmap/shared-ui/tokens';
import { LANGUAGES } from '@guestmap/shared-ui/languages';
import { HomeHero, HotelsHero } from '../src/features/hero/components/heroes.tsx';
import { NS } from '../src/lib/utils/ns.ts';

export const PRERENDER_FILE = 'prerender.json';
// Every language of the product (shared-ui's list): the server sends the page only its own language's hero.
export const LANGS = LANGUAGES.map((l) => l.lang);
export type Lang = (typeof LANGS)[number];

/** What the remote publishes: `screens[module][lang]` is the HTML, `css` the rules it uses. */
export interface Prerender {
  css: string;
  screens: Record<string, Partial<Record<Lang, string>>>;
}

const SCREENS: Record<string, () => ReactElement> = {
  Home: () => <HomeHero />,
  Hotels: () => <HotelsHero onContact={() => undefined} />,
};

const LOCALE = Object.fromEntries(LANGUAGES.map((l) => [l.lang, l.locale])) as Record<Lang, Platform['locale']>;

/** Strips comments; splits a stylesheet into its top-level blocks: `{ prelude, body }`. */
function blocks(css: string): { prelude: string; body: string }[] {
  const src = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const out: { prelude: string; body: string }[] = [];
  let i = 0;
  while (i < src.length) {
    const open = src.indexOf('{', i);
    if (open < 0) break;
    let depth = 1;
    let j = open + 1;
    for (; j < src.length && depth > 0; j++) {
      if (src[j] === '{') depth++;
      else if (src[j] === '}') depth--;
    }
    out.push({ prelude: src.slice(i, open).trim(), body: src.slice(open + 1, j - 1).trim() });
    i = j;
  }
  return out;
}

/**
 * The rules of `css` the markup can use: a selector is kept when every class it names is in `html`
 * (selectors without classes are kept), media and support blocks are filtered the same way, and a
 * keyframes block is kept when a kept rule names it. Everything else (the rest of the pages) is left out.
 */
export function criticalCss(css: string, html: string): string {
  const classes = new Set([...html.matchAll(/class="([^"]*)"/g)].flatMap((m) => m[1].split(/\s+/)).filter(Boolean));
  const usable = (selector: string) => [...selector.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].every((m) => classes.has(m[1]));
  const keyframes: { name: string; text: string }[] = [];
  const filter = (source: string): string =>
    blocks(source)
      .map(({ prelude, body }) => {
        if (/^@(media|supports)\b/.test(prelude)) {
          const inner = filter(body);
          return inner ? `${prelude}{${inner}}` : '';
        }
        if (prelude.startsWith('@keyframes')) {
          keyframes.push({ name: prelude.slice('@keyframes'.length).trim(), text: `${prelude}{${body}}` });
          return '';
        }
        if (prelude.startsWith('@')) return '';
        const kept = prelude
          .split(',')
          .map((s) => s.trim())
          .filter(usable);
        return kept.length ? `${kept.join(',')}{${body}}` : '';
      })
      .join('');
  const rules = filter(css);
  const animations = keyframes
    .filter((k) => new RegExp(`animation(-name)?:[^;}]*\\b${k.name}\\b`).test(rules))
    .map((k) => k.text);
  return rules + animations.join('');
}

/** The light theme's variables (the shell sets the visitor's own theme on <html> when it starts, which wins). */
function themeRule(): string {
  return `:root{${Object.entries(cssVariables('light'))
    .map(([k, v]) => `${k}:${v}`)
    .join(';')}}`;
}

/** Renders every screen's hero in every language with `catalogues` (the locale files) and keeps the CSS they use. */
export async function renderPrerender(catalogues: Record<Lang, object>, css: string): Promise<Prerender> {
  const screens: Prerender['screens'] = {};
  for (const lang of LANGS) {
    const i18n = i18next.createInstance();
    await i18n.use(initReactI18next).init({
      lng: lang,
      fallbackLng: 'en',
      resources: { en: { [NS]: catalogues.en }, [lang]: { [NS]: catalogues[lang] } },
      interpolation: { escapeValue: false },
    });
    // The platform of a page nobody uses yet: its language, links by route name, no navigation, no data.
    const platform = createPlatform({ i18n, locale: LOCALE[lang] });
    for (const [name, hero] of Object.entries(SCREENS)) {
      const html = renderToStaticMarkup(
        <I18nextProvider i18n={i18n}>
          <PlatformContext.Provider value={platform}>
            <div className="gmk-page">{hero()}</div>
          </PlatformContext.Provider>
        </I18nextProvider>,
      );
      (screens[name] ??= {})[lang] = html;
    }
  }
  const all = Object.values(screens)
    .flatMap((byLang) => Object.values(byLang))
    .join('');
  return { css: themeRule() + criticalCss(css, all), screens };
}

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

/** What the heroes are made from: every language's catalogue and the pages' stylesheet. */
export function readSources(): { catalogues: Record<Lang, object>; css: string } {
  const read = (f: string) => fs.readFileSync(path.join(root, f), 'utf8');
  const catalogues = Object.fromEntries(
    LANGS.map((l) => [l, JSON.parse(read(`src/locales/${l}.json`)) as object]),
  ) as Record<Lang, object>;
  return { catalogues, css: read('src/styles/marketing.css') };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { catalogues, css } = readSources();
  const prerender = await renderPrerender(catalogues, css);
  const out = path.join(root, 'dist', PRERENDER_FILE);
  fs.writeFileSync(out, JSON.stringify(prerender));
  console.log(
    `prerendered heroes: ${Object.keys(prerender.screens).join(', ')} × ${LANGS.join('/')} → dist/${PRERENDER_FILE} (${fs.statSync(out).size} bytes)`,
  );
}
