// The states a place screen (Customer, Map) shows before its places: not found, a failed read, loading.
import type { ReactNode } from 'react';
import { useTranslation } from '@guestmap/shared-ui/contracts';
import { Spinner } from '@guestmap/shared-ui/components';

/** No customer at this address; `children` may offer a way on (the map links Home). */
export function NotFoundScreen({ children }: { children?: ReactNode }) {
  const { t } = useTranslation('map');
  return (
    <main className="gm-map-missing">
      <h1>{t('map.notFoundTitle')}</h1>
      <p>{t('map.notFound')}</p>
      {children}
    </main>
  );
}

/** The read was refused (not a fault the shell retries): say so and offer Retry. */
export function LoadFailedScreen({ heading, onRetry }: { heading: string; onRetry: () => void }) {
  const { t } = useTranslation('map');
  return (
    <main className="gm-map-missing" role="alert">
      <h1>{heading}</h1>
      <p>{t('map.loadFailed')}</p>
      <button type="button" className="gm-btn-primary" onClick={onRetry}>
        {t('map.retry')}
      </button>
    </main>
  );
}

/** Waiting for the places (the heading is for screen readers only). */
export function LoadingScreen({ heading }: { heading: string }) {
  const { t } = useTranslation('map');
  return (
    <main className="gm-map-loading">
      <h1 className="gm-visually-hidden">{heading}</h1>
      <Spinner label={t('map.loading')} />
    </main>
  );
}
