// What every dashboard screen shares: the antd theme from the shared tokens (following the shell's
// light/dark mode), and the customer being managed.
import { useCallback, type ReactNode } from 'react';
import { App as AntApp, ConfigProvider, Result, Spin, theme as antdTheme } from 'antd';
import { StepUpPrompt } from './step-up.tsx';
import { antdThemeTokens } from '@guestmap/shared-ui/tokens';
import { useAntdLocale } from '@guestmap/shared-ui/antd-locale';
import { useCustomer, useSelector, useTranslation, usePlatform, type Customer } from '@guestmap/shared-ui/contracts';

export type { Customer };

export function useThemeMode(): 'light' | 'dark' {
  return useSelector((s: { ui?: { theme?: string } }) => (s.ui?.theme === 'dark' ? 'dark' : 'light'));
}

export function Themed({ children }: { children: ReactNode }) {
  const mode = useThemeMode();
  const antdLocale = useAntdLocale(usePlatform().locale);
  // The language's antd strings are still on their way: the screen opens once they are here (useAntdLocale).
  if (!antdLocale) return null;
  return (
    <ConfigProvider
      locale={antdLocale}
      theme={{
        ...antdThemeTokens(mode),
        algorithm: mode === 'dark' ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
      }}
    >
      <AntApp>
        {children}
        <StepUpPrompt />
      </AntApp>
    </ConfigProvider>
  );
}

/**
 * The route's customer, as the shell read it for the page (`useCustomer()`): no read of its own. `saved`
 * makes the shell read it again after a change, so every screen of the tab (the customer page, the map)
 * shows the saved row.
 */
export function WithCustomer({ children }: { children: (c: Customer, saved: (c: Customer) => void) => ReactNode }) {
  const { t } = useTranslation('dashboard');
  const customer = useCustomer();
  const { reload } = customer;
  const saved = useCallback(() => void reload(), [reload]);
  // No answer or a server fault: the spinner stays (the shell says it is still trying and reads the
  // customer again on the page's retry schedule), never shown as "not found" (issue 32).
  if (customer.status === 'notFound') return <Result status="404" title={t('errors.customer_not_found')} />;
  if (customer.status !== 'loaded' || !customer.data) return <Spin style={{ display: 'block', margin: '64px auto' }} />;
  return <>{children(customer.data, saved)}</>;
}
