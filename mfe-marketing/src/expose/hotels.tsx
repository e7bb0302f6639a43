// Placeholder screen until the marketing remote's issue builds it.
import { useTranslation } from 'react-i18next';
import { ScreenPlaceholder } from '@guestmap/shared-ui/components';
import { useScreenView } from './use-screen-view.ts';

export default function Hotels() {
  const { t } = useTranslation('marketing');
  useScreenView();
  return <ScreenPlaceholder title={t('Hotels.title')} />;
}
