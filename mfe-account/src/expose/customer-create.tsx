// Placeholder screen until the account remote's issue builds it.
import { useTranslation } from 'react-i18next';
import { ScreenPlaceholder } from '@guestmap/shared-ui/components';
import { useScreenView } from './use-screen-view.ts';

export default function CustomerCreate() {
  const { t } = useTranslation('account');
  useScreenView();
  return <ScreenPlaceholder title={t('CustomerCreate.title')} />;
}
