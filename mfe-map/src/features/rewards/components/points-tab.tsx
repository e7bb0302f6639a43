// The guest's points at this hotel: the balance (from points_balances) and the ledger, newest first.
import { useTranslation } from '@guestmap/shared-ui/contracts';
import { pickText } from '@guestmap/shared-ui/i18n';
import type { Locale } from '@guestmap/shared-ui/contracts';
import type { Wallet } from '../api/wallet.ts';

export function PointsTab({ wallet, locale }: { wallet: Wallet; locale: Locale }) {
  const { t } = useTranslation('map', { keyPrefix: 'rewards' });
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const number = new Intl.NumberFormat(locale, { signDisplay: 'always' });
  return (
    <>
      <p className="gm-points-balance">
        <span className="gm-points-value">{new Intl.NumberFormat(locale).format(wallet.balance)}</span>{' '}
        {t('points.unit', { count: wallet.balance })}
      </p>
      <h3>{t('points.history')}</h3>
      {wallet.ledger.length === 0 ? (
        <p className="gm-muted">{t('points.empty')}</p>
      ) : (
        <ul className="gm-ledger" aria-label={t('points.history')}>
          {wallet.ledger.map((e) => (
            <li key={e.id}>
              <span className="gm-ledger-what">
                {e.reason === 'play' && e.reward_plays
                  ? pickText(e.reward_plays.label, locale)
                  : t('points.adjustment')}
                <time className="gm-muted gm-small" dateTime={e.created_at}>
                  {date.format(new Date(e.created_at))}
                </time>
              </span>
              <span className={`gm-ledger-delta${e.delta < 0 ? ' is-negative' : ''}`}>{number.format(e.delta)}</span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
