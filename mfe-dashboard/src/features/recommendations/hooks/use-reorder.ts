// Moving a recommendation up or down: the list is shown renumbered 10, 20, 30 … at once and sent whole in one
// call (api/reorder-places.ts); on a refusal (another manager changed the list meanwhile: `order_stale`) the
// reason is said and the list is read again.
import type { Dispatch, SetStateAction } from 'react';
import { useDb } from '../../../lib/use-db.ts';
import type { Activity } from '../api/list-activities.ts';
import { reorderPlaces } from '../api/reorder-places.ts';

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
    setRows(next.map((x, k) => ({ ...x, sort_order: (k + 1) * 10 })));
    const { error } = await reorderPlaces(
      db,
      r.customer_id,
      next.map((x) => x.id),
    );
    if (error) {
      explain(error);
      void reload();
    }
  };
}
