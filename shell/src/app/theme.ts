// Light by default; a persisted toggle to dark (primary #68529E). The mode lives in the store
// (ui.theme) so remotes using antd can follow it with antdThemeTokens(mode); the light components
// follow the CSS variables set here on :root.
import { cssVariables, palette, THEME_STORAGE_KEY, type ThemeMode } from '@guestmap/shared-ui/tokens';
import { setSiteCookie } from './site-cookie.ts';

export function initialTheme(): ThemeMode {
  try {
    return localStorage.getItem(THEME_STORAGE_KEY) === 'dark' ? 'dark' : 'light';
  } catch {
    return 'light';
  }
}

/** The theme for the shell's server too: it marks the page dark before any script runs (scripts/prefill.mjs). */
export const THEME_COOKIE = 'gm-theme';

export function applyTheme(mode: ThemeMode, persist = false): void {
  const root = document.documentElement;
  for (const [k, v] of Object.entries(cssVariables(mode))) root.style.setProperty(k, v);
  root.dataset.theme = mode;
  root.style.colorScheme = mode;
  let meta = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'theme-color';
    document.head.appendChild(meta);
  }
  meta.content = palette(mode).primary;
  setSiteCookie(THEME_COOKIE, mode);
  if (persist) {
    try {
      localStorage.setItem(THEME_STORAGE_KEY, mode);
    } catch {}
  }
}
