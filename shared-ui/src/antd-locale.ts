// antd's own strings (date pickers, pagination, empty tables, dialogs' OK) in the interface language, for the
// remotes that use antd (never the guest path). English comes with the importing chunk; every other language is
// downloaded only when the page shows it, so an English visitor never fetches them.
import { useEffect, useState } from 'react';
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

/** antd's strings for `locale`: English until the language's file has arrived, then that language. */
export function useAntdLocale(locale: Locale): AntdLocale {
  const [, setArrived] = useState(0);
  useEffect(() => {
    if (loaded.has(locale) || !(locale in ANTD_LOCALES)) return;
    let live = true;
    ANTD_LOCALES[locale as Exclude<Locale, 'en-US'>]().then(
      (m) => {
        loaded.set(locale, m.default);
        if (live) setArrived((n) => n + 1);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [locale]);
  return loaded.get(locale) ?? enUS;
}
