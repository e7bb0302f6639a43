// antd's providers for a component test (renderWithPlatform's `wrapper`): the shared tokens as antd's
// theme and antd's strings in the platform's language, as the remotes' own AntdProvider gives them.
import type { ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import { usePlatform } from '../contracts/index.ts';
import { ANTD_ENGLISH, useAntdLocale } from '../antd-locale.ts';
import { antdThemeTokens } from '../tokens/index.ts';

export function AntdTestProvider({ children }: { children: ReactNode }) {
  const { locale } = usePlatform();
  const antdLocale = useAntdLocale(locale) ?? ANTD_ENGLISH;
  const token = Object.fromEntries(
    Object.entries(antdThemeTokens('light').token).filter(([k]) => !k.startsWith('screen')),
  );
  return (
    <ConfigProvider locale={antdLocale} theme={{ token }}>
      {children}
    </ConfigProvider>
  );
}
