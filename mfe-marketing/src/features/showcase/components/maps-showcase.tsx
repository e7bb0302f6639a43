// A showcase of real public maps from the database, each linking to its Map route (loaded lazily:
// lazy-maps-showcase.tsx; its read: hooks/public-maps-data.ts).
import type { CSSProperties } from 'react';
import { useTranslation } from '@guestmap/shared-ui/contracts';
import { RouteLink } from '../../../lib/components/route-link.tsx';
import { usePublicMaps } from '../hooks/public-maps-data.ts';
import { ShowcaseFailed, ShowcaseLoading } from './showcase-states.tsx';

const HEX = /^#[0-9a-fA-F]{6}$/;

export function MapsShowcase() {
  const { t } = useTranslation('marketing');
  const { state, retry } = usePublicMaps();
  if (state.status === 'loading') return <ShowcaseLoading />;
  if (state.status === 'error') return <ShowcaseFailed onRetry={retry} />;
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
