// The rewards entry on a hotel's map: a "Rewards" button (only when the hotel has a live campaign)
// and the panel it opens, loaded on demand. `?rewards=1` in the address opens the panel, so the
// Customer screen's teaser can link straight to it and Back closes it.
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useTranslation, useSearchParams } from '@guestmap/shared-ui/contracts';
import { Spinner } from '@guestmap/shared-ui/components';
import type { Customer } from '../../places/utils/types.ts';
import type { Campaign } from '../api/campaigns.ts';

const RewardsPanel = lazy(() => import('./rewards-panel.tsx'));

export const REWARDS_QUERY = 'rewards';

interface Props {
  customer: Customer;
  campaigns: Campaign[];
  /** False while something else covers the map's lower corner (the open list on a phone). */
  showButton: boolean;
}

export function RewardsEntry({ customer, campaigns, showButton }: Props) {
  const { t } = useTranslation('map');
  const [search, setSearch] = useSearchParams();
  const button = useRef<HTMLButtonElement>(null);
  const open = search.get(REWARDS_QUERY) === '1';
  // Closing the panel gives focus back to the button that opened it.
  const wasOpen = useRef(open);
  useEffect(() => {
    if (wasOpen.current && !open) button.current?.focus();
    wasOpen.current = open;
  }, [open]);
  if (campaigns.length === 0) return null;

  const setOpen = (on: boolean) => {
    const q = new URLSearchParams(search);
    if (on) q.set(REWARDS_QUERY, '1');
    else q.delete(REWARDS_QUERY);
    setSearch(q, { replace: !on });
  };

  return (
    <>
      {showButton && !open && (
        <button ref={button} type="button" className="gm-rewards-fab" onClick={() => setOpen(true)}>
          <span aria-hidden="true">🎁</span> {t('rewardsEntry.open')}
        </button>
      )}
      {open && (
        <Suspense
          fallback={
            <div className="gm-rewards-loading">
              <Spinner label={t('map.loading')} />
            </div>
          }
        >
          <RewardsPanel customer={customer} campaigns={campaigns} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
