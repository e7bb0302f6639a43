// The rewards entry on a hotel's map: a "Rewards" button (only when the hotel has a live campaign)
// and the panel it opens, loaded on demand. `?rewards=1` in the address opens the panel, so the
// Customer screen's teaser can link straight to it and Back closes it.
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation, useSearchParams } from '@guestmap/shared-ui/contracts';
import { Spinner } from '@guestmap/shared-ui/components';
import { UiIcon } from '../../../lib/components/ui-icon.tsx';
import { ChunkBoundary } from '../../../lib/components/chunk-boundary.tsx';
import type { Customer } from '../../../lib/utils/types.ts';
import type { Campaign } from '../api/campaigns.ts';

const loadPanel = () => import('./rewards-panel.tsx');

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
  // A failed download is tried again with a fresh lazy component (React keeps a failed one failed).
  const [attempt, setAttempt] = useState(0);
  const [RewardsPanel, setRewardsPanel] = useState(() => lazy(loadPanel));
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
          <UiIcon name="gift" size={18} /> {t('rewardsEntry.open')}
        </button>
      )}
      {open && (
        // The panel's code or the Supabase client could not download (offline, a dropped connection): say so
        // where the panel would be, with Try again, and keep the map.
        <ChunkBoundary
          key={attempt}
          what="the rewards panel"
          fallback={
            <div className="gm-rewards-loading" role="alert">
              <p>{t('rewardsEntry.failed')}</p>
              <button
                type="button"
                className="gm-btn-primary"
                onClick={() => {
                  setAttempt((a) => a + 1);
                  setRewardsPanel(() => lazy(loadPanel));
                }}
              >
                {t('map.retry')}
              </button>
              <button type="button" className="gm-btn-ghost" onClick={() => setOpen(false)}>
                {t('driver.close')}
              </button>
            </div>
          }
        >
          <Suspense
            fallback={
              <div className="gm-rewards-loading">
                <Spinner label={t('map.loading')} />
              </div>
            }
          >
            <RewardsPanel customer={customer} campaigns={campaigns} onClose={() => setOpen(false)} />
          </Suspense>
        </ChunkBoundary>
      )}
    </>
  );
}
