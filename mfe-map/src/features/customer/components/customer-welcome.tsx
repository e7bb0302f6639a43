// The public welcome page of a customer (/{customerId}): branding, intro, "Open the map",
// highlights, and for hotels a rewards teaser.
import { lazy, Suspense, useEffect, useMemo } from 'react';
import { useTranslation, usePlatform, useParams, useSearchParams } from '@guestmap/shared-ui/contracts';
import { pickText } from '@guestmap/shared-ui/i18n';
import { Spinner } from '@guestmap/shared-ui/components';
import { usePlaces } from '../../../lib/api/get-places.ts';
import { categoryStyle } from '../../../lib/utils/categories.ts';
import { safeHttpUrl } from '../../../lib/utils/links.ts';
import { useQrEntry } from '../../../lib/hooks/use-qr-entry.ts';
import type { Activity } from '../../../lib/utils/types.ts';
import { useCampaigns } from '../../rewards/api/campaigns.ts';
import { REDEEM_QUERY } from '../../rewards/utils/voucher-code.ts';
import '../../../styles/map.css';
import { CategoryIcon } from '../../../lib/components/category-icon.tsx';

const HIGHLIGHTS = 6;
// Partner redemption (`?redeem=CODE`) is a page of its own, loaded only when asked for.
const RedeemScreen = lazy(() => import('../../rewards/components/redeem-screen.tsx'));

export default function CustomerScreen() {
  const { t } = useTranslation('map');
  const { db, locale, navigateTo, hrefFor, store } = usePlatform();
  const { customerId } = useParams();
  const [search, setSearch] = useSearchParams();
  const places = usePlaces(db, store, customerId);
  useQrEntry('Customer', customerId, {}, search);

  const ready = places.status === 'ready' ? places : null;
  const hotelId = ready?.customer.kind === 'hotel' ? ready.customer.id : null;
  const campaigns = useCampaigns(db, hotelId);
  const redeem = search.get(REDEEM_QUERY);
  const highlights = useMemo<Activity[]>(() => {
    const list = [...(ready?.activities ?? [])];
    // Partners (with guest offers) first on a hotel's page, then the curated order.
    list.sort((a, b) => Number(b.is_partner) - Number(a.is_partner) || a.sort_order - b.sort_order);
    return list.slice(0, HIGHLIGHTS);
  }, [ready]);

  useEffect(() => {
    if (ready) document.title = `${ready.customer.name} · Guestmap`;
  }, [ready]);

  if (places.status === 'notFound') {
    return (
      <main className="gm-map-missing">
        <h1>{t('map.notFoundTitle')}</h1>
        <p>{t('map.notFound')}</p>
      </main>
    );
  }
  if (places.status === 'error') {
    return (
      <main className="gm-map-missing" role="alert">
        <h1>{t('customer.title')}</h1>
        <p>{t('map.loadFailed')}</p>
        <button type="button" className="gm-btn-primary" onClick={places.retry}>
          {t('map.retry')}
        </button>
      </main>
    );
  }
  if (!ready || !customerId) {
    return (
      <main className="gm-map-loading">
        <h1 className="gm-visually-hidden">{t('customer.title')}</h1>
        <Spinner label={t('map.loading')} />
      </main>
    );
  }
  const c = ready.customer;
  const hotel = c.kind === 'hotel';
  if (hotel && redeem !== null) {
    const back = () => {
      const q = new URLSearchParams(search);
      q.delete(REDEEM_QUERY);
      setSearch(q);
    };
    return (
      <Suspense
        fallback={
          <main className="gm-map-loading">
            <h1 className="gm-visually-hidden">{c.name}</h1>
            <Spinner label={t('map.loading')} />
          </main>
        }
      >
        <RedeemScreen customer={c} activities={ready.activities} initialCode={redeem} onBack={back} />
      </Suspense>
    );
  }
  const brand = hotel && c.primary_color ? c.primary_color : null;
  const cover = safeHttpUrl(c.cover_url);
  const logo = safeHttpUrl(c.logo_url);
  const welcome = pickText(c.welcome, locale);
  const mapHref = hrefFor('Map', { customerId });
  const openMap = (e: React.MouseEvent) => {
    e.preventDefault();
    navigateTo('Map', { customerId });
  };

  return (
    <main className="gm-customer" style={brand ? { ['--gm-brand' as string]: brand } : undefined}>
      <section
        className={`gm-hero${cover ? ' has-cover' : ''}`}
        style={cover ? { backgroundImage: `url("${encodeURI(cover)}")` } : undefined}
      >
        <div className="gm-hero-inner">
          {hotel &&
            (logo ? (
              <img className="gm-hero-logo" src={logo} alt="" width={64} height={64} />
            ) : (
              <span className="gm-hero-logo gm-brand-monogram" aria-hidden="true">
                {c.name.slice(0, 1)}
              </span>
            ))}
          <h1>{c.name}</h1>
          {c.tagline && <p className="gm-hero-tagline">{c.tagline}</p>}
          {welcome && <p className="gm-hero-welcome">{welcome}</p>}
          <a className="gm-btn-primary gm-hero-cta" href={mapHref} onClick={openMap}>
            {t('customer.openMap')}
          </a>
          <p className="gm-hero-count" aria-live="polite">
            {ready.shown === 'welcome'
              ? t('map.waitingPlaces')
              : t('customer.placeCount', { count: ready.activities.length })}
          </p>
          {ready.shown === 'kept' && <p className="gm-kept-note">{t('map.keptPlaces')}</p>}
        </div>
      </section>

      {highlights.length > 0 && (
        <section className="gm-highlights" aria-labelledby="gm-highlights-title">
          <h2 id="gm-highlights-title">{hotel ? t('customer.highlightsHotel') : t('customer.highlights')}</h2>
          <ul className="gm-cards">
            {highlights.map((a) => {
              const s = categoryStyle(a.category);
              const offer = a.is_partner ? pickText(a.guest_offer, locale) : '';
              return (
                <li key={a.id}>
                  <a
                    className="gm-card"
                    href={hrefFor('Activity', { customerId, activitySlug: a.slug, activityId: a.id })}
                    onClick={(e) => {
                      e.preventDefault();
                      navigateTo('Activity', { customerId, activitySlug: a.slug, activityId: a.id });
                    }}
                  >
                    <span className="gm-card-cat" style={{ background: s.color }}>
                      <CategoryIcon category={a.category} size={14} /> {t(`category.${a.category}`)}
                    </span>
                    <span className="gm-card-title">{pickText(a.title, locale)}</span>
                    <span className="gm-card-desc">{pickText(a.description, locale)}</span>
                    {offer && <span className="gm-card-offer">{offer}</span>}
                  </a>
                </li>
              );
            })}
          </ul>
        </section>
      )}

      {hotel && campaigns.length > 0 && (
        <section className="gm-rewards" aria-labelledby="gm-rewards-title">
          <h2 id="gm-rewards-title">{t('customer.rewardsTitle')}</h2>
          <p>{t('customer.rewardsText', { hotel: c.name })}</p>
          <ul className="gm-rewards-list">
            {/* What this hotel really runs: its live scratch card and wheel. */}
            {campaigns.some((x) => x.kind === 'scratch_card') && <li>{t('customer.rewardScratch')}</li>}
            {campaigns
              .filter((x) => x.kind === 'fortune_wheel')
              .map((x) => (
                <li key={x.id}>{t('customer.rewardWheel', { count: x.daily_limit })}</li>
              ))}
            <li>{t('customer.rewardPoints')}</li>
            <li>{t('customer.rewardOffers')}</li>
          </ul>
          <a
            className="gm-btn-primary"
            href={hrefFor('Map', { customerId }, { rewards: '1' })}
            onClick={(e) => {
              e.preventDefault();
              navigateTo('Map', { customerId }, { rewards: '1' });
            }}
          >
            {t('customer.rewardsPlay')}
          </a>
        </section>
      )}
      {hotel && (
        <p className="gm-partner-link">
          <a
            className="gm-link-btn"
            href={hrefFor('Customer', { customerId }, { [REDEEM_QUERY]: '' })}
            onClick={(e) => {
              e.preventDefault();
              navigateTo('Customer', { customerId }, { [REDEEM_QUERY]: '' });
            }}
          >
            {t('customer.partnerRedeem')}
          </a>
        </p>
      )}
    </main>
  );
}
