// The place panel, downloaded when a place is first opened (issue 43 Done-when, docs/performance.md): its code (the
// photos, hours, address and driver card, the price block's loader, the badges' loader, the actions, the
// favourites' read through the data layer) is not on the guest's first screen. The service worker keeps it with
// the map screen's other chunks (docs/offline.md, warmExposes), so a place opens offline after a first visit even
// if none was opened then. Once here it stays: the next place opens at once. If it cannot download (a dropped connection on a first visit), the panel says so with
// Try again and Close, and the map stays.
import { useState } from 'react';
import { useTranslation } from '@guestmap/shared-ui/contracts';
import { Spinner } from '@guestmap/shared-ui/components';
import { useLazyModuleState } from '../../../lib/hooks/use-lazy-module.ts';
import type { PlacePanelProps } from './activity-panel-with-favourite.tsx';

type PanelModule = typeof import('./activity-panel-with-favourite.tsx');

let kept: PanelModule | null = null;
const loadPanel = async () => {
  kept = await import('./activity-panel-with-favourite.tsx');
  return kept;
};

export function LazyActivityPanel(props: PlacePanelProps) {
  const { t } = useTranslation('map');
  const [attempt, setAttempt] = useState(0);
  const { mod, failed } = useLazyModuleState(loadPanel, kept === null, attempt);
  const panel = kept ?? mod;
  if (panel) return <panel.ActivityPanelWithFavourite {...props} />;
  if (failed)
    return (
      <div className="gm-activity" role="alert">
        <p>{t('map.loadFailed')}</p>
        <div className="gm-actions">
          <button type="button" className="gm-action gm-action-primary" onClick={() => setAttempt((n) => n + 1)}>
            {t('map.retry')}
          </button>
          <button type="button" className="gm-action" onClick={props.onClose}>
            {t('activity.close')}
          </button>
        </div>
      </div>
    );
  return <Spinner label={t('map.loading')} />;
}
