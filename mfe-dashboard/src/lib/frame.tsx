// What every dashboard screen shares: the antd theme from the shared tokens (following the shell's
// light/dark mode), and the customer being managed.
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { App as AntApp, ConfigProvider, Result, Spin, theme as antdTheme } from 'antd';
import { antdThemeTokens } from '@guestmap/shared-ui/tokens';
import { useAntdLocale } from '@guestmap/shared-ui/antd-locale';
import {
  isTransientResponse,
  useRetryWhileDown,
  useSelector,
  useTranslation,
  usePlatform,
} from '@guestmap/shared-ui/contracts';
import type { Tables } from '@guestmap/shared-ui/database';
import { useCustomerId, useDb, errorKey } from './use-db.ts';

export type Customer = Tables<'customers'>;

export function useThemeMode(): 'light' | 'dark' {
  return useSelector((s: { ui?: { theme?: string } }) => (s.ui?.theme === 'dark' ? 'dark' : 'light'));
}

export function Themed({ children }: { children: ReactNode }) {
  const mode = useThemeMode();
  const antdLocale = useAntdLocale(usePlatform().locale);
  return (
    <ConfigProvider
      locale={antdLocale}
      theme={{
        ...antdThemeTokens(mode),
        algorithm: mode === 'dark' ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
      }}
    >
      <AntApp>{children}</AntApp>
    </ConfigProvider>
  );
}

export function WithCustomer({
  children,
}: {
  children: (c: Customer, setCustomer: (c: Customer) => void) => ReactNode;
}) {
  const { t } = useTranslation('dashboard');
  const db = useDb();
  const { toast } = usePlatform();
  const customerId = useCustomerId();
  const [customer, setCustomer] = useState<Customer | null | undefined>(undefined);
  // No answer or a server fault: the spinner stays (the shell says it is still trying) and the customer
  // is read again on the page's retry schedule, never shown as "not found" (issue 32).
  const [waiting, setWaiting] = useState(false);
  const load = useCallback(async () => {
    const res = await db.from('customers').select('*').eq('id', customerId).maybeSingle();
    if (isTransientResponse(res)) {
      setWaiting(true);
      return;
    }
    setWaiting(false);
    if (res.error) toast.error(t(errorKey(res.error)));
    setCustomer(res.data ?? null);
  }, [db, customerId, toast, t]);
  useEffect(() => {
    void load();
  }, [load]);
  useRetryWhileDown(waiting, () => {
    setWaiting(false);
    void load();
  });
  if (customer === undefined) return <Spin style={{ display: 'block', margin: '64px auto' }} />;
  if (customer === null) return <Result status="404" title={t('errors.customer_not_found')} />;
  return <>{children(customer, setCustomer)}</>;
}
