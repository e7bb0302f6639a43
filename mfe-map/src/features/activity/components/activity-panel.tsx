// The activity panel: photos, text in the current language (English fallback), category, price,
// opening hours in the city's time zone, address with "Show to driver", directions, call, website,
// share, favourite, and for partners the guest offer with a plain commission disclosure.
import { useState } from 'react';
import { useTranslation } from '@guestmap/shared-ui/contracts';
import { pickText } from '@guestmap/shared-ui/i18n';
import type { Locale } from '@guestmap/shared-ui/contracts';
import type { Activity } from '../../../lib/utils/types.ts';
import { categoryStyle } from '../../../lib/utils/categories.ts';
import { directionsLinks, priceLabel, safeHttpUrl, telHref } from '../../../lib/utils/links.ts';
import { formatRange, openStatus, todaysRanges, weekRanges, zoneLabel } from '../../../lib/utils/opening-hours.ts';
import { OpenBadge } from '../../../lib/components/open-badge.tsx';
import { DriverCard } from './driver-card.tsx';
import { formatVnAddress, localAddressOf, oldForm, vnAddressOf } from '../../../lib/utils/vn-address.ts';
import { CategoryIcon } from '../../../lib/components/category-icon.tsx';
import { useLazyModule } from '../../../lib/hooks/use-lazy-module.ts';
import { LazyPriceLines } from '../../../lib/components/lazy-price-lines.tsx';

const loadBadges = () => import('./attribute-badges.tsx');
const hasAttributes = (a: Activity) =>
  !!a.attributes && typeof a.attributes === 'object' && Object.keys(a.attributes).length > 0;

interface Props {
  activity: Activity;
  locale: Locale;
  now: Date;
  timeZone: string;
  hotelName: string | null;
  saved: boolean;
  onClose: () => void;
  onFavourite: () => void;
  onShare: () => void;
  onDirections: () => void;
}

export function ActivityPanel({
  activity: a,
  locale,
  now,
  timeZone,
  hotelName,
  saved,
  onClose,
  onFavourite,
  onShare,
  onDirections,
}: Props) {
  const { t } = useTranslation('map');
  const [driver, setDriver] = useState(false);
  const [weekOpen, setWeekOpen] = useState(false);
  const title = pickText(a.title, locale);
  const description = pickText(a.description, locale);
  const offer = a.is_partner ? pickText(a.guest_offer, locale) : '';
  const status = openStatus(a.opening_hours, now, timeZone);
  const today = todaysRanges(a.opening_hours, now, timeZone);
  const links = directionsLinks({ latitude: a.latitude, longitude: a.longitude, name: title });
  const website = safeHttpUrl(a.website);
  const price = priceLabel(a.price_level);
  const style = categoryStyle(a.category);
  const photos = (a.photos ?? []).map((p) => safeHttpUrl(p)).filter((p): p is string => !!p);
  const localName = a.title.vi ?? title;
  const vn = vnAddressOf(a);
  // The badges' code and texts download only for a place that has attributes.
  const Badges = useLazyModule(loadBadges, hasAttributes(a))?.default;

  return (
    <article className="gm-activity" aria-labelledby="gm-activity-title">
      <div className="gm-activity-head">
        <button type="button" className="gm-icon-btn" onClick={onClose} aria-label={t('activity.close')}>
          <span aria-hidden="true">←</span>
        </button>
        <span className="gm-activity-cat" style={{ background: style.color }}>
          <CategoryIcon category={a.category} size={14} /> {t(`category.${a.category}`)}
        </span>
        {price && (
          <span className="gm-price" aria-label={t('activity.price', { count: a.price_level ?? 0 })}>
            {price}
          </span>
        )}
      </div>
      {photos.length > 0 && (
        <div className="gm-photos">
          {photos.map((src, i) => (
            <img
              key={src}
              src={src}
              alt={t('activity.photoAlt', { title, n: i + 1 })}
              loading="lazy"
              decoding="async"
              width={320}
              height={200}
            />
          ))}
        </div>
      )}
      <h2 id="gm-activity-title" className="gm-activity-title" tabIndex={-1}>
        {title}
      </h2>
      <div className="gm-activity-status">
        <OpenBadge status={status} />
        {today && today.length > 0 && (
          <span className="gm-muted">
            {' '}
            · {t('hours.today', { ranges: today.map((r) => formatRange(r, locale)).join(', ') })}
          </span>
        )}
      </div>
      {a.price_min_vnd != null && a.price_max_vnd != null && (
        <LazyPriceLines price={{ min: a.price_min_vnd, max: a.price_max_vnd }} locale={locale} now={now} />
      )}
      {description && <p className="gm-activity-desc">{description}</p>}
      {Badges && <Badges attributes={a.attributes} />}

      {offer && (
        <section className="gm-offer" aria-labelledby="gm-offer-title">
          <h3 id="gm-offer-title">{t('activity.offerTitle')}</h3>
          <p>{offer}</p>
          <p className="gm-disclosure">
            {hotelName ? t('activity.disclosureHotel', { hotel: hotelName }) : t('activity.disclosure')}
          </p>
        </section>
      )}

      <div className="gm-actions">
        <a
          className="gm-action gm-action-primary"
          href={links.google}
          target="_blank"
          rel="noopener noreferrer"
          onClick={onDirections}
        >
          {t('activity.directionsGoogle')}
        </a>
        <a className="gm-action" href={links.apple} target="_blank" rel="noopener noreferrer" onClick={onDirections}>
          {t('activity.directionsApple')}
        </a>
        <a className="gm-action" href={links.grab} target="_blank" rel="noopener noreferrer" onClick={onDirections}>
          {t('activity.directionsGrab')}
        </a>
        {a.phone && (
          <a className="gm-action" href={telHref(a.phone)}>
            {t('activity.call')}
          </a>
        )}
        {website && (
          <a className="gm-action" href={website} target="_blank" rel="noopener noreferrer">
            {t('activity.website')}
          </a>
        )}
        <button type="button" className="gm-action" onClick={onShare}>
          {t('activity.share')}
        </button>
        <button type="button" className="gm-action" aria-pressed={saved} onClick={onFavourite}>
          <span aria-hidden="true">{saved ? '♥ ' : '♡ '}</span>
          {saved ? t('activity.saved') : t('activity.save')}
        </button>
      </div>

      {(vn || a.address || a.address_local) && (
        <section className="gm-address" aria-labelledby="gm-address-title">
          <h3 id="gm-address-title">{t('activity.address')}</h3>
          {vn ? (
            // The Vietnamese form in every language (docs/addresses.md): what signs, maps and drivers use.
            // translate="no": a browser's page translation would turn the ward's name into something no sign says.
            <p lang="vi" translate="no">
              {formatVnAddress(vn)}
            </p>
          ) : (
            <>
              {a.address && <p>{a.address}</p>}
              {a.address_local && a.address_local !== a.address && (
                <p lang="vi" className="gm-muted">
                  {a.address_local}
                </p>
              )}
            </>
          )}
          <button type="button" className="gm-action" onClick={() => setDriver(true)}>
            {t('driver.open')}
          </button>
        </section>
      )}

      {a.opening_hours && (
        <section className="gm-hours">
          <button type="button" className="gm-link-btn" aria-expanded={weekOpen} onClick={() => setWeekOpen((o) => !o)}>
            {t('hours.week')}
          </button>
          {weekOpen && (
            <table className="gm-hours-table">
              <tbody>
                {weekRanges(a.opening_hours).map(([d, r]) => (
                  <tr key={d}>
                    <th scope="row">{t(`day.${d}`)}</th>
                    <td>{r.length ? r.map((x) => formatRange(x, locale)).join(', ') : t('hours.closed')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <p className="gm-muted gm-small">{t('hours.timeZone', { tz: zoneLabel(timeZone, locale) })}</p>
        </section>
      )}

      {driver && (
        <DriverCard
          locale={locale}
          name={localName}
          address={localAddressOf(a)}
          oldAddress={vn ? oldForm(vn) : null}
          onClose={() => setDriver(false)}
        />
      )}
    </article>
  );
}
