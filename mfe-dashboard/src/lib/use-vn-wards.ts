// Vietnam's wards (api/list-vn-wards.ts) as the address fields (place editor, hotel settings) hold them (the data
// layer's cache): read once per page however many editors open (they change with a reform, not while one edits), none while read or when the
// read fails (the ward list is then empty and "Propose from the pin" says no boundary holds it).
import { dashboardApi, viaClient } from './data.ts';
import { listVnWards } from './api/list-vn-wards.ts';
import type { WardRow } from './ward-from-pin.ts';

const PAGE_LIFE = 24 * 60 * 60;

const api = dashboardApi.injectEndpoints({
  endpoints: (b) => ({
    dashboardVnWards: b.query<WardRow[], void>({
      queryFn: viaClient(async (db) => {
        const r = await listVnWards(db);
        return { ...r, data: r.data as unknown as WardRow[] | null };
      }),
      keepUnusedDataFor: PAGE_LIFE,
    }),
  }),
});

const NONE: WardRow[] = [];

export const useVnWards = (): WardRow[] =>
  api.useDashboardVnWardsQuery(undefined, { refetchOnMountOrArgChange: false }).data ?? NONE;
