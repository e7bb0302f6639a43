// "Come back tomorrow": when a daily limit is used up, say when it resets: the hotel's midnight, written
// in the guest's own time zone and language.
import { useTranslation } from '@guestmap/shared-ui/contracts';
import type { Locale } from '@guestmap/shared-ui/contracts';
import { nextHotelMidnight } from '../utils/hotel-day.ts';

export function LimitMessage({
  kind,
  dailyLimit,
  timeZone,
  locale,
}: {
  kind: 'scratch_card' | 'fortune_wheel';
  dailyLimit: number;
  timeZone: string;
  locale: Locale;
}) {
  const { t } = useTranslation('map', { keyPrefix: 'rewards' });
  const time = new Intl.DateTimeFormat(locale, { weekday: 'long', hour: '2-digit', minute: '2-digit' }).format(
    nextHotelMidnight(new Date(), timeZone),
  );
  return (
    <p className="gm-rewards-limit" role="status">
      {kind === 'scratch_card' ? t('limit.scratch', { time }) : t('limit.wheel', { count: dailyLimit, time })}
    </p>
  );
}
