// The two-factor section's list (settings, /user) as an endpoint of the page's one cache (@guestmap/shared-ui/data,
// docs/platform.md "The data layer"): read when the section shows, read again after an enrolment or a removal. A
// list that cannot be read is logged and shows as none (the section offers to add one); until the first answer it
// is null, and the section shows neither the list nor its button (an "Add" replaced by "Remove" a moment later
// would be under the pointer).
import { useCallback } from 'react';
import { dataApi, fromApi, withSupabase, useReadFailure } from '@guestmap/shared-ui/data';
import { listFactors, type Factor } from '../api/list-factors.ts';

const api = dataApi.injectEndpoints({
  endpoints: (b) => ({
    accountFactors: b.query<Factor[], string>({ queryFn: fromApi(withSupabase((sb) => listFactors(sb))) }),
  }),
});

const NONE: Factor[] = [];

/** The user's factors (null until first answered, none when they cannot be read), and a re-read that resolves once answered. */
export function useFactors(userId: string | undefined): { factors: Factor[] | null; reload: () => Promise<void> } {
  const r = api.useAccountFactorsQuery(userId ?? '', { skip: !userId });
  useReadFailure(r, (e) => console.warn('[account] listing factors failed', e));
  const { refetch, isUninitialized } = r;
  const reload = useCallback(async () => {
    if (!isUninitialized) await refetch();
  }, [refetch, isUninitialized]);
  return { factors: r.data ?? (r.isError ? NONE : null), reload };
}
