// The Customer route (/{customerId}): the welcome page, or with ?redeem= the partners' redemption page.
// Composes the places read (src/lib), the customer's welcome and, for hotels, the rewards feature.
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation, usePlatform, useParams, useSearchParams } from '@guestmap/shared-ui/contracts';
import { usePlaces } from '../lib/hooks/use-places.ts';
import { useQrEntry } from '../lib/hooks/use-qr-entry.ts';
import { LoadFailedScreen, LoadingScreen, NotFoundScreen } from '../lib/components/screen-states.tsx';
import { CustomerWelcome } from '../features/customer/components/customer-welcome.tsx';
import { useCampaigns } from '../features/rewards/api/campaigns.ts';
import { REDEEM_QUERY } from '../features/rewards/utils/voucher-code.ts';
import { RewardsTeaser } from '../features/rewards/components/rewards-teaser.tsx';
import { useScreenView } from './use-screen-view.ts';
import '../styles/map.css';

// Partner redemption (`?redeem=CODE`) is a page of its own, loaded only when asked for.
const RedeemScreen = lazy(() => import('../features/rewards/components/redeem-screen.tsx'));

export default function CustomerScreen() {
  useScreenView();
  const { t } = useTranslation('map');
  const { db } = usePlatform();
  const { customerId } = useParams();
  const [search, setSearch] = useSearchParams();
  const places = usePlaces(db, customerId);
  useQrEntry('Customer', customerId, {}, search);

  const ready = places.status === 'ready' ? places : null;
  const hotelId = ready?.customer.kind === 'hotel' ? ready.customer.id : null;
  const campaigns = useCampaigns(db, hotelId);
  const redeem = search.get(REDEEM_QUERY);

  useEffect(() => {
    if (ready) document.title = `${ready.customer.name} · Guestmap`;
  }, [ready]);

  if (places.status === 'notFound') return <NotFoundScreen />;
  if (places.status === 'error') return <LoadFailedScreen heading={t('customer.title')} onRetry={places.retry} />;
  if (!ready || !customerId) return <LoadingScreen heading={t('customer.title')} />;
  const c = ready.customer;
  if (c.kind === 'hotel' && redeem !== null) {
    const back = () => {
      const q = new URLSearchParams(search);
      q.delete(REDEEM_QUERY);
      setSearch(q);
    };
    return (
      <Suspense fallback={<LoadingScreen heading={c.name} />}>
        <RedeemScreen customer={c} activities={ready.activities} initialCode={redeem} onBack={back} />
      </Suspense>
    );
  }
  return (
    <CustomerWelcome customerId={customerId} customer={c} activities={ready.activities} shown={ready.shown}>
      <RewardsTeaser customerId={customerId} customer={c} campaigns={campaigns} />
    </CustomerWelcome>
  );
}
