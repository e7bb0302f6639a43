// Hotels sales presentation (route HotelsSalesPresentation): the deck, with its own title and tags.
import { useTranslation, usePlatform } from '@guestmap/shared-ui/contracts';
import { useScreenView } from './use-screen-view.ts';
import { usePageMeta } from '../lib/hooks/use-page-meta.ts';
import { SalesDeck } from '../features/deck/components/sales-deck.tsx';
import '../styles/marketing.css';

export default function SalesPresentation() {
  const { t } = useTranslation('marketing');
  const { locale } = usePlatform();
  useScreenView();
  usePageMeta({ title: t('SalesPresentation.title'), description: t('deck.meta.description'), locale });
  return <SalesDeck />;
}
