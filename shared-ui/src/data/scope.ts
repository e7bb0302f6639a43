// One cache store per page client, emptied when the user changes. The data layer's Redux store is its own (not the shell's): RTK Query
// needs its middleware in the store, and the shell's store (contract `StoreApi`) has no way to add one at
// run time. The store is found from the platform of the screen that asks (`usePlatform()`): one per page
// client (`db`), emptied when the signed-in user changes (a sign-out or another account starts from an empty
// cache), and the
// dev harness and component tests (a platform of their own) get their own without any set-up.
// Retries defer to the page's connectivity (contracts/connectivity.ts): a read that failed for the
// connection's sake is read again only at its attempts (1, 2, 4, 8, then every 10 s) and once when the
// backend answers again; nothing here retries on a timer of its own, and a refusal (4xx) is never retried.
import { configureStore, type Middleware, type Reducer } from '@reduxjs/toolkit';
import { connectivity } from '@guestmap/shared-ui/contracts';
import type { Platform } from '@guestmap/shared-ui/contracts';
import type { DataClients, DataError } from './settle.ts';

/** What the scope needs of the one api (`dataApi`): its reducer, middleware and a way to read an entry again. */
export interface ApiParts {
  reducerPath: string;
  reducer: Reducer;
  middleware: Middleware;
  refetch: (endpointName: string, originalArgs: unknown) => unknown;
}

interface Entry {
  status?: string;
  endpointName?: string;
  originalArgs?: unknown;
  error?: unknown;
}

export type DataStore = ReturnType<typeof createDataStore>;

function createDataStore(api: ApiParts, clients: DataClients) {
  return configureStore({
    reducer: { [api.reducerPath]: api.reducer },
    // The cache holds what api/ functions answer as they answer it (some answer Maps): no serializability or
    // immutability walk over every answer in development.
    middleware: (getDefault) =>
      getDefault({ thunk: { extraArgument: clients }, serializableCheck: false, immutableCheck: false }).concat(
        api.middleware,
      ),
    devTools: { name: 'guestmap data' },
  });
}

/** The cache entries whose last read failed for the connection's sake. */
function waitingEntries(state: unknown, reducerPath: string): Entry[] {
  const queries = (state as Record<string, { queries?: Record<string, Entry | undefined> }>)[reducerPath]?.queries;
  if (!queries) return [];
  return Object.values(queries).filter(
    (q): q is Entry => !!q && q.status === 'rejected' && !!(q.error as DataError | undefined)?.transient,
  );
}

/**
 * Keeps `store` registered with connectivity while some entry waits on the connection: at each attempt of
 * the one schedule, and once when the backend answers again, each waiting entry is read once (RTK Query
 * sends one request per entry however many screens show it). Returns the stop.
 */
function followConnectivity(store: DataStore, api: ApiParts): void {
  let stopRetry: (() => void) | null = null;
  const retry = () => {
    for (const q of waitingEntries(store.getState(), api.reducerPath))
      store.dispatch(api.refetch(q.endpointName!, q.originalArgs) as never);
  };
  const check = () => {
    const waiting = waitingEntries(store.getState(), api.reducerPath).length > 0;
    if (waiting && !stopRetry) stopRetry = connectivity.onRetry(retry);
    else if (!waiting && stopRetry) {
      stopRetry();
      stopRetry = null;
    }
  };
  store.subscribe(check);
}

const fullClient = (p: Platform) => () => (p.supabase ? Promise.resolve(p.supabase) : p.loadSupabase());

interface Scope {
  user: string;
  store: DataStore;
  clients: DataClients;
}

/** The stores of the page, one per client; a change of user empties it first. */
export function createScopes(api: () => ApiParts & { reset: () => { type: string } }) {
  const scopes = new WeakMap<object, Scope>();
  return {
    storeFor(p: Platform): DataStore {
      const user = p.user?.id ?? '';
      let s = scopes.get(p.db);
      if (!s) {
        const clients: DataClients = { db: p.db, supabase: fullClient(p) };
        const store = createDataStore(api(), clients);
        followConnectivity(store, api());
        s = { user, store, clients };
        scopes.set(p.db, s);
      } else if (s.user !== user) {
        // Another account (or none): nothing read for the previous one is shown or kept. The screens still
        // mounted read again (RTK Query's hooks subscribe anew after a reset). Its subscribers hear of it after
        // this render (auto-batched), and a screen rendering now already reads the empty cache.
        s.user = user;
        s.store.dispatch({ ...api().reset(), meta: { RTK_autoBatch: true } } as never);
      }
      // The latest platform's clients (the full client may have loaded since).
      s.clients.supabase = fullClient(p);
      return s.store;
    },
  };
}
