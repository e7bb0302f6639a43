// antd is loaded only inside this remote's chunks (never on the guest path). Every rich screen of
// the remote is wrapped here: the shared design tokens as antd theme (light or dark, from the shell
// store's ui.theme when present) and antd's own strings in the interface language.
import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { ConfigProvider, theme as antdTheme } from 'antd';
import enUS from 'antd/locale/en_US';
import { usePlatform, type Locale } from '@guestmap/shared-ui/contracts';
import { antdThemeTokens, type ThemeMode } from '@guestmap/shared-ui/tokens';

// antd validates its own breakpoint chain (XS..XXXL with min/max each); shared-ui's values (xs = 0,
// no xxxl) break that chain, so antd keeps its defaults here and layouts use shared-ui's BREAKPOINTS.
function withoutBreakpoints(token: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(token).filter(([k]) => !k.startsWith('screen')));
}

type AntdLocale = typeof enUS;
// antd's own strings (date pickers, pagination, empty tables): English with the chunk, every other
// language downloaded only when the page shows it (an English visitor never fetches them).
const ANTD_LOCALES: Record<Exclude<Locale, 'en-US'>, () => Promise<{ default: AntdLocale }>> = {
  'vi-VN': () => import('antd/locale/vi_VN'),
  'fr-FR': () => import('antd/locale/fr_FR'),
  'zh-CN': () => import('antd/locale/zh_CN'),
  'ko-KR': () => import('antd/locale/ko_KR'),
  'ja-JP': () => import('antd/locale/ja_JP'),
};
const loadedLocales = new Map<Locale, AntdLocale>([['en-US', enUS]]);

function useAntdLocale(locale: Locale): AntdLocale {
  const [, setLoaded] = useState(0);
  useEffect(() => {
    if (loadedLocales.has(locale) || !(locale in ANTD_LOCALES)) return;
    let live = true;
    ANTD_LOCALES[locale as Exclude<Locale, 'en-US'>]().then(
      (m) => {
        loadedLocales.set(locale, m.default);
        if (live) setLoaded((n) => n + 1);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [locale]);
  return loadedLocales.get(locale) ?? enUS;
}

export function useThemeMode(): ThemeMode {
  const { store } = usePlatform();
  return useSyncExternalStore(store.subscribe, () => {
    const ui = (store.getState() as { ui?: { theme?: unknown } }).ui;
    return ui?.theme === 'dark' ? 'dark' : 'light';
  });
}

export function AntdProvider({ children }: { children: ReactNode }) {
  const { locale } = usePlatform();
  const antdLocale = useAntdLocale(locale);
  const mode = useThemeMode();
  const tokens = antdThemeTokens(mode);
  return (
    <ConfigProvider
      locale={antdLocale}
      theme={{
        token: withoutBreakpoints(tokens.token),
        algorithm: mode === 'dark' ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
      }}
    >
      {children}
    </ConfigProvider>
  );
}
