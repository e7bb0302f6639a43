// The rewards entry on a hotel's map: a "Rewards" button (only when the hotel has a live campaign)
// and the panel it opens, loaded on demand. `?rewards=1` in the address opens the panel, so the
// Customer screen's teaser can link straight to it and Back closes it.
import { Component, lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation, useSearchParams } from '@guestmap/shared-ui/contracts';
import { Spinner } from '@guestmap/shared-ui/components';
import { UiIcon } from '../../../lib/components/ui-icon.tsx';
import type { Customer } from '../../../lib/utils/types.ts';
import type { Campaign } from '../api/campaigns.ts';

const loadPanel = () => import('./rewards-panel.tsx');

export const REWARDS_QUERY = 'rewards';

/**
 * The panel's code or the Supabase client could not download (offline, a dropped connection): say so
 * where the panel would be, with Try again, and keep the map.
 */
class PanelBoundary extends Component<
  { message: string; retry: string; close: string; onRetry: () => void; onClose: () => void; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.warn('[map] the rewards panel could not load', error);
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="gm-rewards-loading" role="alert">
        <p>{this.props.message}</p>
        <button type="button" className="gm-btn-primary" onClick={this.props.onRetry}>
          {this.props.retry}
        </button>
        <button type="button" className="gm-btn-ghost" onClick={this.props.onClose}>
          {this.props.close}
        </button>
      </div>
    );
  }
}

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
        <PanelBoundary
          key={attempt}
          message={t('rewardsEntry.failed')}
          retry={t('map.retry')}
          close={t('driver.close')}
          onRetry={() => {
            setAttempt((a) => a + 1);
            setRewardsPanel(() => lazy(loadPanel));
          }}
          onClose={() => setOpen(false)}
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
        </PanelBoundary>
      )}
    </>
  );
}
