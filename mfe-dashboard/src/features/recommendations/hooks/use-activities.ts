// The customer's recommendations as the screen holds them: read once, read again after a save or an import,
// changed in place after a publish or a move.
import { useCallback, useEffect, useState } from 'react';
import { useTranslation, usePlatform } from '@guestmap/shared-ui/contracts';
import { useDb, errorKey } from '../../../lib/use-db.ts';
import { listActivities, type Activity } from '../api/list-activities.ts';

export function useActivities(customerId: string) {
  const { t } = useTranslation('dashboard');
  const { toast } = usePlatform();
  const db = useDb();
  const [rows, setRows] = useState<Activity[]>([]);
  const [loading, setLoading] = useState(true);
  const reload = useCallback(async () => {
    const { data, error } = await listActivities(db, customerId);
    if (error) toast.error(t(errorKey(error)));
    else setRows(data);
    setLoading(false);
  }, [db, customerId, toast, t]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { rows, setRows, loading, reload };
}
