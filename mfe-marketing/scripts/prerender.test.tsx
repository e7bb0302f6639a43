// The heroes the build prerenders: the real components with the real catalogues, and only the CSS they use.
import { describe, expect, it } from 'vitest';
import { LANGS, criticalCss, readSources, renderPrerender, type Lang } from './prerender.tsx';

const { catalogues: raw, css } = readSources();
const catalogues = raw as Record<Lang, { Home: { title: string }; Hotels: { title: string } }>;

describe('prerendered heroes', () => {
  it('renders Home and Hotels in every language, with real links and the CSS they need', async () => {
    const p = await renderPrerender(catalogues, css);
    expect(Object.keys(p.screens).sort()).toEqual(['Home', 'Hotels']);
    for (const lang of LANGS) {
      expect(p.screens.Home[lang]).toContain(`<h1>${catalogues[lang].Home.title}</h1>`);
      expect(p.screens.Hotels[lang]).toContain(`<h1>${catalogues[lang].Hotels.title}</h1>`);
    }
    expect(p.screens.Home.en).toMatch(/^<div class="gmk-page"><header class="gmk-hero">/);
    expect(p.screens.Home.en).toContain(
      '<a href="/ho-chi-minh-city/map" class="gmk-btn gmk-btn-primary gmk-btn-lg">Explore maps</a>',
    );
    expect(p.screens.Hotels.fr).toContain('href="/hotels-sales-presentation"');
    expect(p.screens.Home.vi).not.toContain('<script');
    // The hero's rules and the theme's defaults; not the rest of the pages.
    expect(p.css).toMatch(/^:root\{--gm-primary:#5AB77B;/);
    expect(p.css).toContain('.gmk-hero{');
    expect(p.css).toContain('@media (min-width:960px){.gmk-hero-grid{');
    expect(p.css).not.toContain('gmk-carousel');
    expect(p.css).not.toContain('gmk-calc');
    expect(p.css).not.toContain('/*');
  });

  it('keeps a rule when the markup has every class it names', () => {
    const css = `/* c */ .a{x:1} .a .b,.c{y:2} .b{z:3} h1{w:4}
      @media (min-width:1px){.a{m:1}.c{m:2}} @media print{.c{p:1}}
      @keyframes spin{to{r:1}} @keyframes other{to{r:2}} .a:hover{animation:spin 1s} @font-face{font-family:x}`;
    expect(criticalCss(css, '<p class="a b">x</p>')).toBe(
      '.a{x:1}.a .b{y:2}.b{z:3}h1{w:4}@media (min-width:1px){.a{m:1}}.a:hover{animation:spin 1s}@keyframes spin{to{r:1}}',
    );
    expect(criticalCss(css, '<p>x</p>')).toBe('h1{w:4}');
  });
});
