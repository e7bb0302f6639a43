// What a play won, as the guest reads it after the reveal (scratch card) or the spin (wheel).
import { useTranslation } from '@guestmap/shared-ui/contracts';
import { pickText } from '@guestmap/shared-ui/i18n';
import type { Locale } from '@guestmap/shared-ui/contracts';
import type { PlayOutcome } from '../api/play-reward.ts';
import { LazyPriceLines } from '../../../lib/components/lazy-price-lines.tsx';

export function PrizeResult({
  outcome,
  locale,
  onVouchers,
}: {
  outcome: PlayOutcome;
  locale: Locale;
  onVouchers?: () => void;
}) {
  const { t } = useTranslation('map', { keyPrefix: 'rewards' });
  const label = pickText(outcome.label, locale);
  return (
    <div className={`gm-prize is-${outcome.prize_kind}`}>
      <p className="gm-prize-head">{outcome.prize_kind === 'nothing' ? t('result.nothing') : t('result.won')}</p>
      <p className="gm-prize-label">{label}</p>
      {outcome.prize_kind === 'voucher' && outcome.value_min_vnd != null && outcome.value_max_vnd != null && (
        <LazyPriceLines
          kind="value"
          price={{ min: outcome.value_min_vnd, max: outcome.value_max_vnd }}
          locale={locale}
          now={new Date(outcome.played_at)}
        />
      )}
      {outcome.prize_kind === 'voucher' && outcome.voucher_code && (
        <p className="gm-prize-code">
          {t('vouchers.code')} <strong className="gm-code">{outcome.voucher_code}</strong>
          {onVouchers && (
            <button type="button" className="gm-link-btn" onClick={onVouchers}>
              {t('result.seeVouchers')}
            </button>
          )}
        </p>
      )}
    </div>
  );
}
