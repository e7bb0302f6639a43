// What a guest sees while the map's code arrives: the hotel's (or city's) name and welcome, in its
// colour, as soon as the shell has read the customer (the overlay covers the page until then). It is
// the first meaningful paint on a map page, long before Leaflet and the places are there.
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { pickText } from '@guestmap/shared-ui/i18n';
import { useAppSelector } from '../app/hooks.ts';
import { RemoteLoading } from './remote-screen.tsx';

const HEX = /^#[0-9a-f]{6}$/i;

export function CustomerSplash() {
  const { t } = useTranslation('shell');
  const customer = useAppSelector((s) => s.customer);
  const locale = useAppSelector((s) => s.ui.locale);
  const row =
    customer.status === 'loaded'
      ? (customer.data as {
          name?: unknown;
          welcome?: unknown;
          tagline?: unknown;
          primary_color?: unknown;
          kind?: unknown;
        } | null)
      : null;
  if (!row || typeof row.name !== 'string') return <RemoteLoading />;
  const text = pickText(row.kind === 'hotel' ? row.welcome : row.tagline, locale);
  const colour = typeof row.primary_color === 'string' && HEX.test(row.primary_color) ? row.primary_color : undefined;
  return (
    <div
      className="gm-splash"
      role="status"
      aria-live="polite"
      style={colour ? ({ '--gm-brand': colour } as CSSProperties) : undefined}
    >
      <p className="gm-splash-name">{row.name}</p>
      {text && <p className="gm-splash-text">{text}</p>}
      <span className="gm-spinner" aria-hidden="true" />
      <span className="gm-visually-hidden">{t('remote.loading')}</span>
    </div>
  );
}
