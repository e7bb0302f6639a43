// The list's publish switch: one row at a time, the allowance checked by the database.
import { useState, type Dispatch, type SetStateAction } from 'react';
import { useTranslation, usePlatform } from '@guestmap/shared-ui/contracts';
import { useDb } from '../../../lib/use-db.ts';
import type { Activity } from '../api/list-activities.ts';
import { setActivityPublished } from '../api/set-activity-published.ts';

export function usePublish(setRows: Dispatch<SetStateAction<Activity[]>>, explain: (e: unknown) => void) {
  const { t } = useTranslation('dashboard');
  const { toast } = usePlatform();
  const db = useDb();
  const [busyId, setBusyId] = useState<string | null>(null);
  const setPublished = async (r: Activity, on: boolean) => {
    setBusyId(r.id);
    const { error } = await setActivityPublished(db, r.id, on);
    setBusyId(null);
    if (error) return explain(error);
    toast.success(on ? t('recs.publishedOk') : t('recs.unpublishedOk'));
    setRows((all) => all.map((x) => (x.id === r.id ? { ...x, published: on } : x)));
  };
  return { busyId, setPublished };
}
