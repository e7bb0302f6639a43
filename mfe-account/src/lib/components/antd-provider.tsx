// antd is loaded only inside this remote's chunks (never on the guest path). Every rich screen of
// the remote is wrapped here: the shared design tokens as antd theme (light or dark, from the shell
// store's ui.theme when present) and antd's own strings in the interface language.
import { useSyncExternalStore, type ReactNode } from 'react';
import { ConfigProvider, theme as antdTheme } from 'antd';
import { useAntdLocale } from '@guestmap/shared-ui/antd-locale';
import { usePlatform } from '@guestmap/shared-ui/contracts';
import { antdThemeTokens, type ThemeMode } from '@guestmap/shared-ui/tokens';

// antd validates its own breakpoint chain (XS..XXXL with min/max each); shared-ui's values (xs = 0,
// no xxxl) break that chain, so antd keeps its defaults here and layouts use shared-ui's BREAKPOINTS.
function withoutBreakpoints(token: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(token).filter(([k]) => !k.startsWith('screen')));
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
  // The language's antd strings are still on their way: the screen opens once they are here (useAntdLocale).
  if (!antdLocale) return null;
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
