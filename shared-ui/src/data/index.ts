// The data layer (issue 44, docs/platform.md "The data layer"): one RTK Query cache for every screen that
// reads, with request deduplication (one request per query and arguments, however many components show it),
// invalidation after writes (tags), and retries that defer to the page's connectivity (scope.ts).
// A Module Federation singleton shared by the remotes that use it (never by the shell: the guest's first
// screen carries none of it), so the page holds one copy and one cache per user. Each remote injects its
// endpoints (`dataApi.injectEndpoints`) in its features' hooks/ files; each endpoint's `queryFn` calls the
// feature's api/ function through `fromApi`, so api/ files stay the only place that queries.
import { useCallback, useEffect, useRef } from 'react';
import { buildCreateApi, coreModule, fakeBaseQuery } from '@reduxjs/toolkit/query';
import { reactHooksModule } from '@reduxjs/toolkit/query/react';
import { bindHooks } from './hooks.ts';
import { createScopes } from './scope.ts';
import { settle, type ApiResponse, type DataClients, type DataError } from './settle.ts';

export type { ApiResponse, DataClients, DataError };

const scopes = createScopes(() => ({
  reducerPath: dataApi.reducerPath,
  reducer: dataApi.reducer,
  middleware: dataApi.middleware,
  reset: () => dataApi.util.resetApiState(),
  refetch: (name, args) =>
    (dataApi.endpoints as Record<string, { initiate: (a: unknown, o: object) => unknown }>)[name]!.initiate(args, {
      subscribe: false,
      forceRefetch: true,
    }),
}));

const hooks = bindHooks(scopes.storeFor);
const createDataApi = buildCreateApi(coreModule(), reactHooksModule({ hooks: hooks as never }));

/**
 * The page's one api. Remotes add their tag types and endpoints:
 * `dataApi.enhanceEndpoints({ addTagTypes: ['Campaigns'] }).injectEndpoints({ endpoints: (b) => ({ … }) })`.
 * A screen mounting re-reads what it shows (the cached value is shown meanwhile); screens mounted together share
 * one request.
 */
export const dataApi = createDataApi({
  reducerPath: 'data',
  baseQuery: fakeBaseQuery<DataError>(),
  tagTypes: [],
  refetchOnMountOrArgChange: true,
  keepUnusedDataFor: 60,
  endpoints: () => ({}),
});

/**
 * An endpoint's `queryFn` from an api/ function: `queryFn: fromApi((c, id: string) => listThings(c.db, id))`.
 * The function answers a PostgREST response or the data itself (a throw is a failed read).
 */
export function fromApi<A, T>(read: (clients: DataClients, arg: A) => PromiseLike<ApiResponse<T> | T>) {
  return (arg: A, api: { extra: unknown }) => settle<T>(() => read(api.extra as DataClients, arg));
}

/** The full client (`supabase.storage`, auth-bound RPCs): `fromApi(withSupabase((sb, id) => read(sb, id)))`. */
export function withSupabase<A, T>(
  read: (supabase: Awaited<ReturnType<DataClients['supabase']>>, arg: A) => PromiseLike<ApiResponse<T> | T>,
) {
  return async (c: DataClients, arg: A) => read(await c.supabase(), arg);
}

/**
 * The data store's dispatch, for what a screen changes in place after a write it knows the outcome of:
 * `dispatch(api.util.updateQueryData('endpoint', arg, (draft) => …))`.
 */
export const useDataDispatch = (): ((action: unknown) => unknown) => hooks.useDispatch() as never;

type Tag = Parameters<typeof dataApi.util.invalidateTags>[0][number];

/** Marks cached reads stale after a write: the screens showing them read again (once each). */
export function useInvalidate(): (tags: readonly (string | { type: string; id?: string | number })[]) => void {
  const dispatch = hooks.useDispatch();
  return useCallback((tags) => void dispatch(dataApi.util.invalidateTags(tags as Tag[])), [dispatch]);
}

/** A query's failure as screens tell it: its error, and whether it waits on the connection (read again by itself). */
export interface ReadState {
  error: DataError | undefined;
  /** Failed for the connection's sake: connectivity's schedule reads it again. */
  waiting: boolean;
}

export function readState(r: { isError: boolean; error?: unknown }): ReadState {
  const error = r.isError ? (r.error as DataError | undefined) : undefined;
  return { error, waiting: !!error?.transient };
}

type Outcome = { isError: boolean; isSuccess: boolean; error?: unknown };

/** Several reads as one for `useReadFailure` (one message for a screen's reads): failed when one did. */
export const together = (...reads: Outcome[]): Outcome => ({
  isError: reads.some((r) => r.isError),
  isSuccess: reads.every((r) => r.isSuccess),
  error: reads.find((r) => r.isError)?.error,
});

/**
 * Calls `report` once when a read fails, not again at each retry of the same failure: once more only after
 * the read has succeeded since (a toast per failure, not per attempt).
 */
export function useReadFailure(
  r: { isError: boolean; isSuccess: boolean; error?: unknown },
  report: (e: DataError) => void,
) {
  const said = useRef(false);
  const ref = useRef(report);
  useEffect(() => {
    ref.current = report;
  });
  const error = r.isError ? (r.error as DataError | undefined) : undefined;
  useEffect(() => {
    if (error && !said.current) {
      said.current = true;
      ref.current(error);
    } else if (r.isSuccess && !error) said.current = false;
  }, [error, r.isSuccess]);
}
