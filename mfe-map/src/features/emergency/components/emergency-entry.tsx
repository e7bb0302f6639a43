// "Emergency" on every guest map (hotel and city maps; docs/emergency.md): a button in the map's header and
// the sheet it opens, whose code and texts load only when it is opened (the guest's first screen downloads
// no more). `?emergency=1` in the address means open, so Back closes it. If the sheet's code cannot load
// (offline before any visit, a dropped connection), the three numbers are still shown, from this file.
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation, useSearchParams } from '@guestmap/shared-ui/contracts';
import { Spinner } from '@guestmap/shared-ui/components';
import { ChunkBoundary } from '../../../lib/components/chunk-boundary.tsx';
import type { Activity, Customer } from '../../../lib/utils/types.ts';
import type { LatLng } from '../../../lib/utils/distance.ts';
import { EMERGENCY_NUMBERS } from '../utils/emergency-numbers.ts';

const loadSheet = () => import('./emergency-sheet.tsx');

export const EMERGENCY_QUERY = 'emergency';

/** What the sheet is given (the sheet adds onClose). */
export interface EmergencyProps {
  customer: Customer;
  /** Every place of the map (the nearest hospital is chosen among them, whatever the filters show). */
  activities: readonly Activity[];
  /** The guest's position when "Near me" has it. */
  me: LatLng | null;
  locale: string;
  onShowPlace: (a: Activity) => void;
}

export function EmergencyEntry({ customer, activities, me, locale, onShowPlace }: EmergencyProps) {
  const { t } = useTranslation('map');
  const [search, setSearch] = useSearchParams();
  const button = useRef<HTMLButtonElement>(null);
  const open = search.get(EMERGENCY_QUERY) === '1';
  const [Sheet] = useState(() => lazy(loadSheet));
  // Closing gives focus back to the button that opened the sheet.
  const wasOpen = useRef(open);
  useEffect(() => {
    if (wasOpen.current && !open) button.current?.focus();
    wasOpen.current = open;
  }, [open]);

  const setOpen = (on: boolean) => {
    const q = new URLSearchParams(search);
    if (on) q.set(EMERGENCY_QUERY, '1');
    else q.delete(EMERGENCY_QUERY);
    setSearch(q, { replace: !on });
  };
  const close = () => setOpen(false);

  // In the map's own styles (the driver card's full-screen layer): the sheet's stylesheet comes with its code.
  const fallback = createPortal(
    <div className="gm-driver" role="alertdialog" aria-modal="true" aria-labelledby="gm-sos-failed">
      <p id="gm-sos-failed">{t('emergencyEntry.failed')}</p>
      {EMERGENCY_NUMBERS.map((n) => (
        <a key={n.key} className="gm-btn-primary" href={n.href}>
          {n.number}&nbsp;<span lang="vi">{n.vi}</span>
        </a>
      ))}
      <button type="button" className="gm-btn-ghost" onClick={close}>
        {t('driver.close')}
      </button>
    </div>,
    document.body,
  );

  return (
    <>
      <button
        ref={button}
        type="button"
        className="gm-sos-open"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <svg viewBox="0 0 24 24" width={16} height={16} aria-hidden="true" focusable="false">
          <path d="M10 3h4v7h7v4h-7v7h-4v-7H3v-4h7z" fill="currentColor" />
        </svg>
        {t('emergencyEntry.open')}
      </button>
      {open && (
        <ChunkBoundary what="the emergency sheet" fallback={fallback}>
          <Suspense
            fallback={createPortal(
              <div className="gm-driver">
                <Spinner label={t('map.loading')} />
              </div>,
              document.body,
            )}
          >
            <Sheet
              customer={customer}
              activities={activities}
              me={me}
              locale={locale}
              onShowPlace={onShowPlace}
              onClose={close}
            />
          </Suspense>
        </ChunkBoundary>
      )}
    </>
  );
}
