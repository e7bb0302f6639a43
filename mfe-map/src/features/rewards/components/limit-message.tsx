// "Come back tomorrow": when a daily limit is used up, say when it resets (midnight UTC, in local time).
import { useTranslation } from '@guestmap/shared-ui/contracts';
import type { Locale } from '@guestmap/shared-ui/contracts';
import { nextUtcMidnight } from '../utils/wheel.ts';

export function LimitMessage({ kind, dailyLimit, locale }: { kind: 'scratch_card' | 'fortune_wheel'; dailyLimit: number; locale: Locale }) {
  const { t } = useTranslation('map', { keyPrefix: 'rewards' });
  const time = new Intl.DateTimeFormat(locale, { weekday: 'long', hour: '2-digit', minute: '2-digit' }).format(nextUtcMidnight(new Date()));
  return (
    <p className="gm-rewards-limit" role="status">
      {kind === 'scratch_card' ? t('limit.scratch', { time }) : t('limit.wheel', { count: dailyLimit, time })}
    </p>
  );
}
