// The hotel's control room: figures, recommendations, QR posters, moderators, and (administrators)
// administration. Route guard: moderator of the customer or admin (in the shell).
import { useTranslation } from 'react-i18next';
import { Button, Tabs, Typography } from 'antd';
import { usePlatform, useSearchParams } from '@guestmap/shared-ui/contracts';
import { Themed, WithCustomer } from '../features/common/frame.tsx';
import { Overview } from '../features/metrics/overview.tsx';
import { Recommendations } from '../features/recommendations/recommendations.tsx';
import { QrPoster } from '../features/qr/qr-poster.tsx';
import { Moderators } from '../features/moderators/moderators.tsx';
import { Administration } from '../features/admin/administration.tsx';
import { useScreenView } from './use-screen-view.ts';

const TABS = ['overview', 'recommendations', 'qr', 'moderators', 'admin'] as const;

export default function Dashboard() {
  const { t } = useTranslation('dashboard');
  const { profile, navigateTo } = usePlatform();
  const [params, setParams] = useSearchParams();
  useScreenView();
  const tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as string) : 'overview';
  return (
    <Themed>
      <WithCustomer>
        {(customer) => (
          <main style={{ maxWidth: 1200, width: '100%', margin: '0 auto', padding: '16px 16px 48px' }}>
            <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 12, justifyContent: 'space-between' }}>
              <Typography.Title level={1} style={{ fontSize: 26, margin: 0 }}>
                {t('Dashboard.heading', { name: customer.name })}
              </Typography.Title>
              <span style={{ display: 'flex', gap: 8 }}>
                <Button onClick={() => navigateTo('Map', { customerId: customer.id })}>{t('nav.openMap')}</Button>
                <Button onClick={() => navigateTo('CustomerSettings', { customerId: customer.id })}>{t('nav.settings')}</Button>
              </span>
            </div>
            <Tabs
              activeKey={tab}
              onChange={(k) => setParams((p) => (p.set('tab', k), p), { replace: true })}
              items={[
                { key: 'overview', label: t('tabs.overview'), children: <Overview /> },
                { key: 'recommendations', label: t('tabs.recommendations'), children: <Recommendations customer={customer} /> },
                { key: 'qr', label: t('tabs.qr'), children: <QrPoster customer={customer} /> },
                { key: 'moderators', label: t('tabs.moderators'), children: <Moderators /> },
                ...(profile?.isAdmin ? [{ key: 'admin', label: t('tabs.admin'), children: <Administration /> }] : []),
              ]}
            />
          </main>
        )}
      </WithCustomer>
    </Themed>
  );
}
