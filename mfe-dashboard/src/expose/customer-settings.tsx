// Customer settings (route CustomerSettings; moderators of the customer and admins).
import { Button, Typography } from 'antd';
import { useTranslation, usePlatform } from '@guestmap/shared-ui/contracts';
import { Themed, WithCustomer } from '../lib/frame.tsx';
import { CustomerSettingsForm } from '../features/settings/components/customer-settings-form.tsx';
import { useScreenView } from './use-screen-view.ts';

export default function CustomerSettings() {
  const { t } = useTranslation('dashboard');
  const { navigateTo } = usePlatform();
  useScreenView();
  return (
    <Themed>
      <WithCustomer>
        {(customer, saved) => (
          <main style={{ maxWidth: 860, width: '100%', margin: '0 auto', padding: '16px 16px 48px' }}>
            <div
              style={{
                display: 'flex',
                flexWrap: 'wrap',
                alignItems: 'center',
                gap: 12,
                justifyContent: 'space-between',
                marginBottom: 16,
              }}
            >
              <Typography.Title level={1} style={{ fontSize: 26, margin: 0 }}>
                {t('CustomerSettings.heading', { name: customer.name })}
              </Typography.Title>
              <Button onClick={() => navigateTo('Dashboard', { customerId: customer.id })}>{t('nav.dashboard')}</Button>
            </div>
            <CustomerSettingsForm customer={customer} onSaved={saved} />
          </main>
        )}
      </WithCustomer>
    </Themed>
  );
}
