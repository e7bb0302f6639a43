// The public welcome page of a customer (/{customerId}): branding, intro, "Open the map" and the
// highlights; what follows them (for hotels: the rewards teaser, the partners' link) comes as children.
import { useMemo, type ReactNode } from 'react';
import { useTranslation, usePlatform } from '@guestmap/shared-ui/contracts';
import { pickText } from '@guestmap/shared-ui/i18n';
import type { Activity, Customer } from '../../../lib/utils/types.ts';
import { categoryStyle } from '../../../lib/utils/categories.ts';
import { safeHttpUrl } from '../../../lib/utils/links.ts';
import { CategoryIcon } from '../../../lib/components/category-icon.tsx';
import { useShare } from '../../../lib/share/use-share.tsx';
import { recordEvent } from '../../../lib/api/record-event.ts';

const HIGHLIGHTS = 6;

interface Props {
  customerId: string;
  customer: Customer;
  activities: Activity[];
  /** Fresh places (partial: a big map's first pages), those of the last visit (kept), or only the welcome while the API cannot answer. */
  shown: 'fresh' | 'partial' | 'kept' | 'welcome';
  children?: ReactNode;
}

export function CustomerWelcome({ customerId, customer: c, activities, shown, children }: Props) {
  const { t } = useTranslation('map');
  const { locale, navigateTo, hrefFor, db } = usePlatform();
  const { share, menu } = useShare(customerId, () => void recordEvent(db, customerId, 'share'));
  const highlights = useMemo<Activity[]>(() => {
    const list = [...activities];
    // Partners (with guest offers) first on a hotel's page, then the curated order.
    list.sort((a, b) => Number(b.is_partner) - Number(a.is_partner) || a.sort_order - b.sort_order);
    return list.slice(0, HIGHLIGHTS);
  }, [activities]);
  const hotel = c.kind === 'hotel';
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
          <button
            type="button"
            className="gm-link-btn gm-hero-share"
            onClick={() => void share({ path: mapHref, title: c.name, text: c.tagline || c.name })}
          >
            {t('customer.shareMap')}
          </button>
          <p className="gm-hero-count" aria-live="polite">
            {shown === 'welcome' ? t('map.waitingPlaces') : t('customer.placeCount', { count: activities.length })}
          </p>
          {shown === 'kept' && <p className="gm-kept-note">{t('map.keptPlaces')}</p>}
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

      {children}
      {menu}
    </main>
  );
}
