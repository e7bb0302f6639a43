// Moving a recommendation up or down: the list is renumbered 10, 20, 30 … and each row whose number changed is
// written (api/set-activity-order.ts says why one request per row); on a refusal the list is read again.
import type { Dispatch, SetStateAction } from 'react';
import { useDb } from '../../../lib/use-db.ts';
import type { Activity } from '../api/list-activities.ts';
import { setActivityOrder } from '../api/set-activity-order.ts';

export function useReorder(
  rows: Activity[],
  setRows: Dispatch<SetStateAction<Activity[]>>,
  reload: () => Promise<void>,
  explain: (e: unknown) => void,
) {
  const db = useDb();
  return async (r: Activity, dir: -1 | 1) => {
    const i = rows.findIndex((x) => x.id === r.id);
    const j = i + dir;
    if (j < 0 || j >= rows.length) return;
    const next = [...rows];
    [next[i], next[j]] = [next[j]!, next[i]!];
    const renumbered = next.map((x, k) => ({ ...x, sort_order: (k + 1) * 10 }));
    setRows(renumbered);
    const changed = renumbered.filter((x, k) => x.sort_order !== rows[k]?.sort_order || x.id !== rows[k]?.id);
    const results = await Promise.all(changed.map((x) => setActivityOrder(db, x.id, x.sort_order)));
    const failed = results.find((res) => res.error);
    if (failed) {
      explain(failed.error);
      void reload();
    }
  };
}
