// The emergency sheet (docs/emergency.md), loaded when the guest opens it: 113 police, 114 fire, 115 ambulance
// as tel: links; the hotel's phone and its address in Vietnamese, large, to read out or to show a dispatcher or
// a driver (lang="vi" translate="no", as the driver card); the nearest hospital or clinic among the map's places.
// A modal dialog: focus moves to its title, Tab stays inside, Escape or Close closes it.
import { useEffect, useMemo, useRef, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from '@guestmap/shared-ui/contracts';
import { pickText } from '@guestmap/shared-ui/i18n';
import { Spinner } from '@guestmap/shared-ui/components';
import { formatDistance } from '../../../lib/utils/distance.ts';
import { telHref } from '../../../lib/utils/links.ts';
import { localAddressOf, OLD_ADDRESS_LABEL_VI } from '../../../lib/utils/vn-address.ts';
import { useEmergencyCatalogue } from '../locales/catalogue.ts';
import { HOTEL_LINE_VI, hotelContact } from '../utils/emergency-contacts.ts';
import { EMERGENCY_NUMBERS } from '../utils/emergency-numbers.ts';
import { EMERGENCY_TAG, hasTag, nearestCare } from '../utils/nearest-care.ts';
import type { EmergencyProps } from './emergency-entry.tsx';
import '../emergency.css';

interface Props extends EmergencyProps {
  onClose: () => void;
}

const FOCUSABLE = 'a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])';

export default function EmergencySheet({ customer, activities, me, locale, onShowPlace, onClose }: Props) {
  const ready = useEmergencyCatalogue();
  const { t } = useTranslation('map');
  const panel = useRef<HTMLDivElement>(null);
  const title = useRef<HTMLHeadingElement>(null);
  const hotel = hotelContact(customer);
  // From the guest when "Near me" knows where they are, else from the hotel (or a city map's centre).
  const latitude = me?.latitude ?? customer.latitude;
  const longitude = me?.longitude ?? customer.longitude;
  const care = useMemo(() => nearestCare(activities, { latitude, longitude }), [activities, latitude, longitude]);
  const fromKey = me ? 'fromYou' : hotel ? 'fromHotel' : 'fromCentre';

  useEffect(() => {
    if (!ready) return;
    title.current?.focus();
  }, [ready]);
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);
  // Tab and Shift+Tab go round the sheet's own controls.
  const trap = (e: KeyboardEvent) => {
    if (e.key !== 'Tab' || !panel.current) return;
    const items = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (items.length === 0) return;
    const first = items[0]!;
    const last = items[items.length - 1]!;
    const active = document.activeElement;
    if (e.shiftKey && (active === first || active === title.current)) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && active === last) {
      e.preventDefault();
      first.focus();
    }
  };

  if (!ready)
    return createPortal(
      <div className="gm-sos">
        <div className="gm-sos-panel">
          <Spinner label={t('map.loading')} />
        </div>
      </div>,
      document.body,
    );

  const e = (key: string, options: Record<string, unknown> = {}) => t(`emergency.${key}`, options);
  const place = care?.place;
  const placeName = place ? pickText(place.title, locale) : '';
  // Its Vietnamese name beside the guest's, unless the guest's already holds it ("FV 병원 (Bệnh viện FV)").
  const placeLocalName = place?.title.vi && !placeName.includes(place.title.vi) ? place.title.vi : null;

  return createPortal(
    <div
      className="gm-sos"
      onClick={(ev) => {
        if (ev.target === ev.currentTarget) onClose();
      }}
    >
      <div
        ref={panel}
        className="gm-sos-panel"
        role="dialog"
        aria-modal="true"
        aria-labelledby="gm-sos-title"
        onKeyDown={trap}
      >
        <div className="gm-sos-head">
          <h2 id="gm-sos-title" ref={title} tabIndex={-1}>
            {e('title')}
          </h2>
          <button type="button" className="gm-btn-ghost gm-sos-close" onClick={onClose}>
            {e('close')}
          </button>
        </div>

        <section aria-labelledby="gm-sos-intro">
          <p id="gm-sos-intro" className="gm-sos-intro">
            {e('intro')}
          </p>
          <ul className="gm-sos-numbers">
            {EMERGENCY_NUMBERS.map((n) => (
              <li key={n.key}>
                {/* Named by what it shows ("113 Police Công an"), so voice control finds it by what is read
                    on it; a tel: link says by itself that it calls. */}
                <a className="gm-sos-call" href={n.href}>
                  <span className="gm-sos-number">{n.number}</span>{' '}
                  <span className="gm-sos-service">{e(`service.${n.key}`)}</span>
                  {!locale.startsWith('vi') && (
                    <>
                      {' '}
                      <span className="gm-sos-service-vi" lang="vi">
                        {n.vi}
                      </span>
                    </>
                  )}
                </a>
              </li>
            ))}
          </ul>
        </section>

        {hotel && (hotel.tel || hotel.address) && (
          <section className="gm-sos-hotel" aria-labelledby="gm-sos-hotel-title">
            <h3 id="gm-sos-hotel-title">{e('hotel.heading')}</h3>
            {hotel.address && (
              <>
                <p className="gm-muted gm-small">{e('hotel.hint')}</p>
                <div className="gm-sos-address" data-testid="emergency-hotel-address">
                  <p className="gm-sos-line-vi" lang="vi">
                    {HOTEL_LINE_VI}
                  </p>
                  <p className="gm-sos-hotel-name" lang="vi" translate="no">
                    {hotel.name}
                  </p>
                  <p className="gm-sos-address-text" lang="vi" translate="no">
                    {hotel.address}
                  </p>
                  {hotel.oldAddress && (
                    <p className="gm-sos-address-old" lang="vi" translate="no">
                      ({OLD_ADDRESS_LABEL_VI} {hotel.oldAddress})
                    </p>
                  )}
                </div>
              </>
            )}
            {hotel.tel && (
              <a className="gm-sos-call gm-sos-hotel-call" href={hotel.tel}>
                <span>{e('hotel.call')}</span>
                <span className="gm-sos-phone" translate="no">
                  {hotel.phone}
                </span>
              </a>
            )}
          </section>
        )}

        {care && place && (
          <section className="gm-sos-care" aria-labelledby="gm-sos-care-title">
            <h3 id="gm-sos-care-title">{e('care.heading')}</h3>
            <p className="gm-sos-care-name">
              {placeName}
              {placeLocalName && (
                <>
                  {' '}
                  <span lang="vi" translate="no">
                    ({placeLocalName})
                  </span>
                </>
              )}
            </p>
            <p className="gm-muted gm-small">
              {e(`care.${fromKey}`, { distance: formatDistance(care.metres, locale) })}
              {hasTag(place, EMERGENCY_TAG) && <> · {e('care.emergencyCare')}</>}
            </p>
            {localAddressOf(place) && (
              <p className="gm-sos-care-address" lang="vi" translate="no">
                {localAddressOf(place)}
              </p>
            )}
            <div className="gm-sos-care-actions">
              {place.phone && (
                <a className="gm-btn-ghost" href={telHref(place.phone)}>
                  {e('care.call')} <span translate="no">{place.phone}</span>
                </a>
              )}
              <button type="button" className="gm-btn-ghost" onClick={() => onShowPlace(place)}>
                {e('care.show')}
              </button>
            </div>
          </section>
        )}
      </div>
    </div>,
    document.body,
  );
}
