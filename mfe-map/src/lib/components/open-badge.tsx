import { useTranslation } from '@guestmap/shared-ui/contracts';
import { CLOSING_SOON_MIN, type OpenStatus } from '../utils/opening-hours.ts';
import { labelCache } from '../utils/label-cache.ts';

type Translate = ReturnType<typeof useTranslation<'map'>>['t'];

/** The badge's text and tone for a status; `t` is the map namespace's translate function. */
export function badgeOf(status: OpenStatus, t: Translate): { text: string; tone: string } {
  if (status.state === 'unknown') return { text: t('hours.unknown'), tone: 'muted' };
  if (status.state === 'closed') return { text: t('hours.closed'), tone: 'closed' };
  if (status.closesInMin !== null && status.closesInMin <= CLOSING_SOON_MIN)
    return { text: t('hours.closesIn', { count: status.closesInMin }), tone: 'soon' };
  return { text: t('hours.open'), tone: 'open' };
}

/** badgeOf with each distinct badge looked up once (a list's rows share a handful). */
export function badgeCache(t: Translate): (status: OpenStatus) => { text: string; tone: string } {
  const keyOf = (s: OpenStatus) =>
    s.state === 'open'
      ? `open:${s.closesInMin !== null && s.closesInMin <= CLOSING_SOON_MIN ? s.closesInMin : ''}`
      : s.state;
  return labelCache((s: OpenStatus) => badgeOf(s, t), keyOf);
}

/** "Open now" / "Closes in 25 min" / "Closed" / "Hours unknown", coloured and as text. `badge` gives the
 * text and tone when a list has them already (one lookup per distinct status, not per row). */
export function OpenBadge({
  status,
  compact,
  badge,
}: {
  status: OpenStatus;
  compact?: boolean;
  badge?: { text: string; tone: string };
}) {
  const { t } = useTranslation('map');
  if (compact && status.state === 'unknown') return null;
  const { text, tone } = badge ?? badgeOf(status, t);
  return <span className={`gm-open gm-open-${tone}`}>{text}</span>;
}
