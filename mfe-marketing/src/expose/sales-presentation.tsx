// Hotels sales presentation (route HotelsSalesPresentation): the deck, with its own title and tags, and
// the contact dialog its last section opens.
import { useTranslation, usePlatform } from '@guestmap/shared-ui/contracts';
import { useScreenView } from './use-screen-view.ts';
import { usePageMeta } from '../lib/hooks/use-page-meta.ts';
import { SalesDeck } from '../features/deck/components/sales-deck.tsx';
import { useContactDialog } from '../features/contact/hooks/use-contact-dialog.tsx';
import '../styles/marketing.css';

export default function SalesPresentation() {
  const { t } = useTranslation('marketing');
  const { locale } = usePlatform();
  useScreenView();
  usePageMeta({ title: t('SalesPresentation.title'), description: t('deck.meta.description'), locale });
  const contact = useContactDialog();
  return <SalesDeck onContact={contact.open} contactDialog={contact.dialog} />;
}
