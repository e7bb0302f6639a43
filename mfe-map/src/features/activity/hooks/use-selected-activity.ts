// The opened place comes from the address (deep links open directly; Back closes it). An address naming
// a place this map no longer has says so and falls back to the map; an opened place counts an
// activity_view and takes the focus (its title), so screen readers announce it.
import { useEffect, useMemo, useRef } from 'react';
import { usePlatform, useTranslation } from '@guestmap/shared-ui/contracts';
import type { Activity } from '../../../lib/utils/types.ts';
import { recordEvent } from '../../../lib/api/record-event.ts';

interface Args {
  customerId: string | undefined;
  activityId: string | undefined;
  activitySlug: string | undefined;
  activities: Activity[];
  /** Only fresh places can say a place is gone: kept ones may predate it, and the welcome alone has none. */
  fresh: boolean;
}

export function useSelectedActivity({ customerId, activityId, activitySlug, activities, fresh }: Args) {
  const { t } = useTranslation('map');
  const { db, toast, navigateTo } = usePlatform();
  const selected = useMemo<Activity | null>(() => {
    if (!activityId && !activitySlug) return null;
    return (
      activities.find((a) => a.id === activityId) ??
      (activitySlug ? activities.find((a) => a.slug === activitySlug) : undefined) ??
      null
    );
  }, [activities, activityId, activitySlug]);

  const missingWarned = useRef<string | null>(null);
  useEffect(() => {
    if (!fresh || !customerId || (!activityId && !activitySlug) || selected) return;
    const key = `${activitySlug}/${activityId}`;
    if (missingWarned.current === key) return;
    missingWarned.current = key;
    toast.warning(t('activity.notFound'));
    navigateTo('Map', { customerId }, undefined, { replace: true });
  }, [fresh, customerId, activityId, activitySlug, selected, toast, t, navigateTo]);

  useEffect(() => {
    if (selected && customerId) void recordEvent(db, customerId, 'activity_view', selected.id);
  }, [selected, customerId, db]);

  useEffect(() => {
    if (selected) document.getElementById('gm-activity-title')?.focus({ preventScroll: true });
  }, [selected]);

  return selected;
}
