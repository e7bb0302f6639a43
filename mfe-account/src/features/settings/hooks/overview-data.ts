// The account overview's lists (/user) as endpoints of the page's one cache (@guestmap/shared-ui/data,
// docs/platform.md "The data layer"): the user's maps (and which they moderate), favourites, partner businesses
// and invitations. A list that got no answer is read again on connectivity's schedule; accepting an invitation
// or the backend answering again reads the maps and partners again.
import { useCallback, useMemo } from 'react';
import { dataApi, fromApi, withSupabase, useInvalidate, useReadFailure } from '@guestmap/shared-ui/data';
import type { Supabase } from '@guestmap/shared-ui/contracts';
import type { ApiResponse } from '@guestmap/shared-ui/data';
import { listMyMaps, type MyMap } from '../api/list-my-maps.ts';
import { listModerated } from '../api/list-moderated.ts';
import { listMyFavourites, type MyFavourite } from '../api/list-my-favourites.ts';
import { listMyPartners, type MyPartner } from '../api/list-my-partners.ts';
import { listMyInvitations, type MyInvitation } from '../api/list-my-invitations.ts';
import type { Load } from '../components/section.tsx';

const viaClient = <A, T>(read: (supabase: Supabase, arg: A) => PromiseLike<ApiResponse<T> | T>) =>
  fromApi(withSupabase(read));

const api = dataApi.enhanceEndpoints({ addTagTypes: ['AccountMaps', 'AccountPartners'] }).injectEndpoints({
  endpoints: (b) => ({
    accountMaps: b.query<{ maps: MyMap[]; moderated: string[] }, string>({
      queryFn: viaClient(async (sb, userId) => {
        const [maps, moderated] = await Promise.all([
          listMyMaps(sb, userId),
          listModerated(sb, userId).catch(() => [] as string[]),
        ]);
        return { maps, moderated };
      }),
      providesTags: ['AccountMaps'],
    }),
    accountFavourites: b.query<MyFavourite[], string>({ queryFn: viaClient(listMyFavourites) }),
    accountPartners: b.query<MyPartner[], string>({
      queryFn: viaClient((sb) => listMyPartners(sb)),
      providesTags: ['AccountPartners'],
    }),
    accountInvitations: b.query<MyInvitation[], string>({ queryFn: viaClient((sb) => listMyInvitations(sb)) }),
  }),
});

/** A list as the overview's sections show it: loading, ok, or error (kept while it is read again). */
function loadOf<T>(r: { data?: T; error?: unknown }): Load<T> {
  if (r.data !== undefined) return { state: 'ok', data: r.data };
  return r.error ? { state: 'error' } : { state: 'loading' };
}

/** The spec: a failing list is logged (and the section says so, or is hidden). */
function useLogFailure(r: Parameters<typeof useReadFailure>[0], what: string) {
  useReadFailure(r, (e) => console.warn(`[account] listing ${what} failed`, e));
}

const NONE: never[] = [];

export function useMyMaps(userId: string | undefined): Load<{ maps: MyMap[]; moderated: Set<string> }> {
  const r = api.useAccountMapsQuery(userId ?? '', { skip: !userId });
  useLogFailure(r, 'the user’s customers');
  const { data, error } = r;
  return useMemo(() => {
    const l = loadOf({ data, error });
    return l.state === 'ok' ? { state: 'ok', data: { maps: l.data.maps, moderated: new Set(l.data.moderated) } } : l;
  }, [data, error]);
}

export function useMyFavourites(userId: string | undefined): Load<MyFavourite[]> {
  const r = api.useAccountFavouritesQuery(userId ?? '', { skip: !userId });
  useLogFailure(r, 'favourites');
  const { data, error } = r;
  return useMemo(() => loadOf({ data, error }), [data, error]);
}

/** None while read or when they cannot be (the section is hidden then). */
export function useMyPartners(userId: string | undefined): MyPartner[] {
  const r = api.useAccountPartnersQuery(userId ?? '', { skip: !userId });
  useLogFailure(r, 'partner businesses');
  return r.data ?? NONE;
}

export function useMyInvitations(userId: string | undefined): MyInvitation[] {
  const r = api.useAccountInvitationsQuery(userId ?? '', { skip: !userId });
  useLogFailure(r, 'invitations');
  return r.data ?? NONE;
}

/** Reads the maps and partners again (an invitation accepted, the backend back). */
export function useRefreshOverview(): () => void {
  const invalidate = useInvalidate();
  return useCallback(() => invalidate(['AccountMaps', 'AccountPartners']), [invalidate]);
}
