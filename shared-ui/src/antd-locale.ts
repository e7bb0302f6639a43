// antd's own strings (date pickers, pagination, empty tables, dialogs' OK) in the interface language, for the
// remotes that use antd (never the guest path). English comes with the importing chunk; every other language is
// downloaded only when the page shows it, so an English visitor never fetches them; a screen waits for it (a
// few KB) before it first shows, so it never opens half in English.
import { useEffect, useRef, useState } from 'react';
import enUS from 'antd/locale/en_US';
import type { Locale } from './contracts/index.ts';

export type AntdLocale = typeof enUS;

const ANTD_LOCALES: Record<Exclude<Locale, 'en-US'>, () => Promise<{ default: AntdLocale }>> = {
  'vi-VN': () => import('antd/locale/vi_VN'),
  'fr-FR': () => import('antd/locale/fr_FR'),
  'zh-CN': () => import('antd/locale/zh_CN'),
  'ko-KR': () => import('antd/locale/ko_KR'),
  'ja-JP': () => import('antd/locale/ja_JP'),
};
const loaded = new Map<Locale, AntdLocale>([['en-US', enUS]]);

/** After this long without the language's file (a very slow link, or it failed), antd's strings stay English. */
export const ANTD_LOCALE_WAIT_MS = 4000;

/**
 * antd's strings for `locale`; null while that language's file is still on its way and nothing has been shown
 * yet, so a screen opens in one language rather than with antd's English ("Close", "Show") for a moment (seen
 * by the CJK browser tests on a loaded runner). Once shown, a change of language keeps the previous strings
 * until the new ones arrive: the screen is never taken down, so nothing typed is lost. English after
 * ANTD_LOCALE_WAIT_MS or a failed download.
 */
export function useAntdLocale(locale: Locale): AntdLocale | null {
  const [, setArrived] = useState(0);
  const [gaveUp, setGaveUp] = useState<Locale | null>(null);
  const shown = useRef<AntdLocale | null>(null);
  useEffect(() => {
    if (loaded.has(locale) || !(locale in ANTD_LOCALES)) return;
    let live = true;
    const timer = setTimeout(() => live && setGaveUp(locale), ANTD_LOCALE_WAIT_MS);
    ANTD_LOCALES[locale as Exclude<Locale, 'en-US'>]().then(
      (m) => {
        loaded.set(locale, m.default);
        if (live) setArrived((n) => n + 1);
      },
      () => live && setGaveUp(locale),
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [locale]);
  const now = loaded.get(locale) ?? (gaveUp === locale || !(locale in ANTD_LOCALES) ? enUS : null) ?? shown.current;
  shown.current = now;
  return now;
}

/** antd's English strings (what a component test's provider falls back to while a language loads). */
export const ANTD_ENGLISH: AntdLocale = enUS;
