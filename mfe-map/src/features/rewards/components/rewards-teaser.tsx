// On a hotel's welcome page: what the hotel's rewards are (its live scratch card and wheels) with a way
// to play, and the partners' link to redeem a guest's voucher.
import { useTranslation, usePlatform } from '@guestmap/shared-ui/contracts';
import type { Customer } from '../../../lib/utils/types.ts';
import type { Campaign } from '../api/campaigns.ts';
import { REDEEM_QUERY } from '../utils/voucher-code.ts';

interface Props {
  customerId: string;
  customer: Customer;
  campaigns: Campaign[];
}

export function RewardsTeaser({ customerId, customer: c, campaigns }: Props) {
  const { t } = useTranslation('map');
  const { navigateTo, hrefFor } = usePlatform();
  const hotel = c.kind === 'hotel';
  return (
    <>
      {hotel && campaigns.length > 0 && (
        <section className="gm-rewards" aria-labelledby="gm-rewards-title">
          <h2 id="gm-rewards-title">{t('customer.rewardsTitle')}</h2>
          <p>{t('customer.rewardsText', { hotel: c.name })}</p>
          <ul className="gm-rewards-list">
            {/* What this hotel really runs: its live scratch card and wheel. */}
            {campaigns.some((x) => x.kind === 'scratch_card') && <li>{t('customer.rewardScratch')}</li>}
            {campaigns
              .filter((x) => x.kind === 'fortune_wheel')
              .map((x) => (
                <li key={x.id}>{t('customer.rewardWheel', { count: x.daily_limit })}</li>
              ))}
            <li>{t('customer.rewardPoints')}</li>
            <li>{t('customer.rewardOffers')}</li>
          </ul>
          <a
            className="gm-btn-primary"
            href={hrefFor('Map', { customerId }, { rewards: '1' })}
            onClick={(e) => {
              e.preventDefault();
              navigateTo('Map', { customerId }, { rewards: '1' });
            }}
          >
            {t('customer.rewardsPlay')}
          </a>
        </section>
      )}
      {hotel && (
        <p className="gm-partner-link">
          <a
            className="gm-link-btn"
            href={hrefFor('Customer', { customerId }, { [REDEEM_QUERY]: '' })}
            onClick={(e) => {
              e.preventDefault();
              navigateTo('Customer', { customerId }, { [REDEEM_QUERY]: '' });
            }}
          >
            {t('customer.partnerRedeem')}
          </a>
        </p>
      )}
    </>
  );
}
