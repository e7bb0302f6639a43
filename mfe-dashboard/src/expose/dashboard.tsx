// The hotel's control room: figures, recommendations, QR posters, moderators, and (administrators)
// administration. Route guard: moderator of the customer or admin (in the shell).
import { lazy, Suspense, type ReactNode } from 'react';
import { Button, Spin, Tabs, Typography } from 'antd';
import { useTranslation, usePlatform, useSearchParams } from '@guestmap/shared-ui/contracts';
import { Themed, WithCustomer } from '../lib/frame.tsx';
import { useScreenView } from './use-screen-view.ts';

// Each tab is its own chunk, fetched when the tab is first opened: the first paint carries only the frame.
const Overview = lazy(() =>
  import('../features/metrics/components/overview.tsx').then((m) => ({ default: m.Overview })),
);
const Recommendations = lazy(() =>
  import('../features/recommendations/components/recommendations.tsx').then((m) => ({ default: m.Recommendations })),
);
const Rewards = lazy(() => import('../features/rewards/components/rewards.tsx').then((m) => ({ default: m.Rewards })));
const Statements = lazy(() =>
  import('../features/statements/components/statements.tsx').then((m) => ({ default: m.Statements })),
);
const QrPoster = lazy(() => import('../features/qr/components/qr-poster.tsx').then((m) => ({ default: m.QrPoster })));
const StaffLinks = lazy(() =>
  import('../features/staff/components/staff-links.tsx').then((m) => ({ default: m.StaffLinks })),
);
const Moderators = lazy(() =>
  import('../features/moderators/components/moderators.tsx').then((m) => ({ default: m.Moderators })),
);
const Administration = lazy(() =>
  import('../features/admin/components/administration.tsx').then((m) => ({ default: m.Administration })),
);

/** The tabs this person sees for this customer: rewards and statements for hotels, administration for admins. */
function tabsFor(kind: string, isAdmin: boolean): string[] {
  return [
    'overview',
    'recommendations',
    ...(kind === 'hotel' ? ['rewards', 'statements'] : []),
    'qr',
    ...(kind === 'hotel' ? ['staff'] : []),
    'moderators',
    ...(isAdmin ? ['admin'] : []),
  ];
}

const pane = (node: ReactNode) => (
  <Suspense fallback={<Spin style={{ display: 'block', margin: '48px auto' }} />}>{node}</Suspense>
);

export default function Dashboard() {
  const { t } = useTranslation('dashboard');
  const { profile, navigateTo } = usePlatform();
  const [params, setParams] = useSearchParams();
  useScreenView();
  const asked = params.get('tab') ?? '';
  return (
    <Themed>
      <WithCustomer>
        {(customer) => (
          <main style={{ maxWidth: 1200, width: '100%', margin: '0 auto', padding: '16px 16px 48px' }}>
            <div
              style={{
                display: 'flex',
                flexWrap: 'wrap',
                alignItems: 'center',
                gap: 12,
                justifyContent: 'space-between',
              }}
            >
              <Typography.Title level={1} style={{ fontSize: 26, margin: 0 }}>
                {t('Dashboard.heading', { name: customer.name })}
              </Typography.Title>
              <span style={{ display: 'flex', gap: 8 }}>
                <Button onClick={() => navigateTo('Map', { customerId: customer.id })}>{t('nav.openMap')}</Button>
                <Button onClick={() => navigateTo('CustomerSettings', { customerId: customer.id })}>
                  {t('nav.settings')}
                </Button>
              </span>
            </div>
            <Tabs
              activeKey={tabsFor(customer.kind, !!profile?.isAdmin).includes(asked) ? asked : 'overview'}
              onChange={(k) => setParams((p) => (p.set('tab', k), p), { replace: true })}
              items={[
                {
                  key: 'overview',
                  label: t('tabs.overview'),
                  children: pane(<Overview hotel={customer.kind === 'hotel'} />),
                },
                {
                  key: 'recommendations',
                  label: t('tabs.recommendations'),
                  children: pane(<Recommendations customer={customer} />),
                },
                // Rewards and commission exist for hotels only (the database refuses campaigns for cities).
                ...(customer.kind === 'hotel'
                  ? [
                      { key: 'rewards', label: t('tabs.rewards'), children: pane(<Rewards customer={customer} />) },
                      {
                        key: 'statements',
                        label: t('tabs.statements'),
                        children: pane(<Statements customer={customer} />),
                      },
                    ]
                  : []),
                { key: 'qr', label: t('tabs.qr'), children: pane(<QrPoster customer={customer} />) },
                // Staff links credit a hotel's staff with the guests they bring (docs/staff-links.md).
                ...(customer.kind === 'hotel'
                  ? [{ key: 'staff', label: t('tabs.staff'), children: pane(<StaffLinks customer={customer} />) }]
                  : []),
                { key: 'moderators', label: t('tabs.moderators'), children: pane(<Moderators />) },
                ...(profile?.isAdmin
                  ? [{ key: 'admin', label: t('tabs.admin'), children: pane(<Administration />) }]
                  : []),
              ]}
            />
          </main>
        )}
      </WithCustomer>
    </Themed>
  );
}
