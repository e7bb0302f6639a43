// Placeholder screen until the dashboard remote's issue builds it.
import { useTranslation } from 'react-i18next';
import { ScreenPlaceholder } from '@guestmap/shared-ui/components';
import { useScreenView } from './use-screen-view.ts';

export default function Dashboard() {
  const { t } = useTranslation('dashboard');
  useScreenView();
  return <ScreenPlaceholder title={t('Dashboard.title')} />;
}
