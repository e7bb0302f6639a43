// Placeholder screen until the map remote's issue builds it.
import { useTranslation } from 'react-i18next';
import { ScreenPlaceholder } from '@guestmap/shared-ui/components';
import { useScreenView } from './use-screen-view.ts';

export default function CustomerScreen() {
  const { t } = useTranslation('map');
  useScreenView();
  return <ScreenPlaceholder title={t('CustomerScreen.title')} />;
}
