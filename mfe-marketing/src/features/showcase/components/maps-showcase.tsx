// A showcase of real public maps from the database, each linking to its Map route.
import { useCallback, useEffect, useRef, useState, type CSSProperties } from 'react';
import { useRetryWhileDown, useTranslation, usePlatform } from '@guestmap/shared-ui/contracts';
import { RouteLink } from '../../../lib/components/route-link.tsx';
import { getPublicMaps, type PublicMap } from '../api/get-public-maps.ts';

type State = { status: 'loading' } | { status: 'error' } | { status: 'ready'; maps: PublicMap[] };

const HEX = /^#[0-9a-fA-F]{6}$/;

export function MapsShowcase() {
  const { t } = useTranslation('marketing');
  const { db } = usePlatform();
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // A retry of the page's schedule (issue 32) keeps the message and its button shown while it runs; the
  // visitor's own "Try again" shows the skeleton again.
  const quiet = useRef(false);
  const retry = useCallback(() => {
    quiet.current = false;
    setAttempt((a) => a + 1);
  }, []);
  useRetryWhileDown(state.status === 'error', () => {
    quiet.current = true;
    setAttempt((a) => a + 1);
  });

  useEffect(() => {
    let live = true;
    if (!quiet.current) setState({ status: 'loading' });
    getPublicMaps(db).then(
      (maps) => live && setState({ status: 'ready', maps }),
      () => live && setState({ status: 'error' }),
    );
    return () => {
      live = false;
    };
  }, [db, attempt]);

  if (state.status === 'loading') {
    return (
      <div className="gmk-grid gmk-grid-3" aria-busy="true" aria-label={t('showcase.loading')}>
        {[0, 1, 2].map((i) => (
          <div key={i} className="gmk-card gmk-skeleton" />
        ))}
      </div>
    );
  }
  if (state.status === 'error') {
    return (
      <div className="gmk-card" role="alert">
        <p>{t('showcase.error')}</p>
        <button type="button" className="gmk-btn" onClick={retry}>
          {t('showcase.retry')}
        </button>
      </div>
    );
  }
  if (state.maps.length === 0) return <p className="gmk-muted">{t('showcase.empty')}</p>;
  return (
    <ul
      className="gmk-grid gmk-grid-3"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
      aria-label={t('showcase.listLabel')}
    >
      {state.maps.map((m) => (
        <li key={m.id} style={{ display: 'flex' }}>
          <RouteLink
            to="Map"
            params={{ customerId: m.id }}
            className="gmk-card gmk-map-card"
            style={{
              flex: 1,
              ...(m.primary_color && HEX.test(m.primary_color)
                ? ({ '--gmk-accent': m.primary_color } as CSSProperties)
                : {}),
            }}
          >
            <span className="gmk-badge">{t(`showcase.kind.${m.kind}`)}</span>
            <h3 style={{ margin: 0 }}>{m.name}</h3>
            {m.tagline && (
              <p className="gmk-muted" style={{ margin: 0 }}>
                {m.tagline}
              </p>
            )}
            <span className="gmk-link">{t('showcase.open')} →</span>
          </RouteLink>
        </li>
      ))}
    </ul>
  );
}
