import { useTranslation } from '@guestmap/shared-ui/contracts';
import { CLOSING_SOON_MIN, type OpenStatus } from '../utils/opening-hours.ts';

/** "Open now" / "Closes in 25 min" / "Closed" / "Hours unknown", coloured and as text. */
export function OpenBadge({ status, compact }: { status: OpenStatus; compact?: boolean }) {
  const { t } = useTranslation('map');
  let text: string;
  let tone: string;
  if (status.state === 'unknown') {
    text = t('hours.unknown');
    tone = 'muted';
  } else if (status.state === 'closed') {
    text = t('hours.closed');
    tone = 'closed';
  } else if (status.closesInMin !== null && status.closesInMin <= CLOSING_SOON_MIN) {
    text = t('hours.closesIn', { count: status.closesInMin });
    tone = 'soon';
  } else {
    text = t('hours.open');
    tone = 'open';
  }
  if (compact && status.state === 'unknown') return null;
  return <span className={`gm-open gm-open-${tone}`}>{text}</span>;
}
