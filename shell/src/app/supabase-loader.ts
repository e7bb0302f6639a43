// The page's Supabase client, loaded when something needs it rather than before the first screen:
// supabase-js (auth, realtime, storage) is about 57 KB gzip, and a guest who scanned a QR code needs
// none of it to see the map (reads go through the small PostgREST client, `db`).
//
// It loads at once when a session may exist: one stored by supabase-js, or one arriving in the
// address (an email link or an OAuth redirect). Otherwise it loads on first use: the sign-in dialog,
// an account or dashboard screen, a reward played as a visitor.
import {
  connectivity,
  createDb,
  trackedFetch,
  type Db,
  type Database,
  type Supabase,
} from '@guestmap/shared-ui/contracts';

/** supabase-js's default storage key for a project URL (`sb-<first label of the host>-auth-token`), set explicitly so both sides agree. */
export function storageKeyFor(supabaseUrl: string): string {
  return `sb-${new URL(supabaseUrl).hostname.split('.')[0]}-auth-token`;
}

/** An email link or OAuth redirect carries the session (or its error) in the address. */
export function addressCarriesAuth(loc: { search: string; hash: string }): boolean {
  const hash = new URLSearchParams(loc.hash.replace(/^#/, ''));
  const search = new URLSearchParams(loc.search);
  return (
    hash.has('access_token') || hash.has('error_description') || search.has('error_description') || search.has('code')
  );
}

export interface SupabaseLoader {
  db: Db;
  /** The client once loaded, else null. */
  readonly client: Supabase | null;
  load: () => Promise<Supabase>;
  /** Whether a session may exist right now (stored, or in the address). */
  mayHaveSession: () => boolean;
  /** Called once with the client when it has loaded. */
  onLoaded: (fn: (client: Supabase) => void) => void;
}

export function createSupabaseLoader(
  config: { supabaseUrl: string; supabaseAnonKey: string },
  opts: {
    storage?: Pick<Storage, 'getItem'>;
    location?: { search: string; hash: string };
    importClient?: () => Promise<typeof import('@supabase/supabase-js')>;
    /** Code downloaded together with the client (the session code): the client is ready once both are. */
    alongside?: () => Promise<unknown>;
  } = {},
): SupabaseLoader {
  const storageKey = storageKeyFor(config.supabaseUrl);
  const storage = opts.storage ?? globalThis.localStorage;
  const importClient = opts.importClient ?? (() => import('@supabase/supabase-js'));
  let client: Supabase | null = null;
  let promise: Promise<Supabase> | null = null;
  const waiting: ((c: Supabase) => void)[] = [];

  const mayHaveSession = () => {
    let stored: string | null = null;
    try {
      stored = storage?.getItem(storageKey) ?? null;
    } catch {}
    return !!stored || addressCarriesAuth(opts.location ?? window.location);
  };

  const load = () => {
    promise ??= Promise.all([importClient(), opts.alongside?.()]).then(
      ([{ createClient }]) => {
        client = createClient<Database>(config.supabaseUrl, config.supabaseAnonKey, {
          // The session keeper (app/session.ts) owns the refresh schedule (spec section 4).
          auth: { persistSession: true, autoRefreshToken: false, detectSessionInUrl: true, storageKey },
          // Every answer (or its absence) reports to the page's connectivity; postgrest-js's silent
          // retries are off, as in `db` (shared-ui/src/contracts/db.ts).
          global: { fetch: trackedFetch() },
          db: { retry: false },
        });
        for (const fn of waiting.splice(0)) fn(client);
        return client;
      },
      (e) => {
        promise = null; // a dropped connection: the next use tries again
        throw e;
      },
    );
    return promise;
  };

  const accessToken = async () => {
    if (!client && !mayHaveSession()) return null;
    const c = client ?? (await load());
    const { data } = await c.auth.getSession();
    return data.session?.access_token ?? null;
  };

  // A sign-in in another tab of the page's origin (supabase-js announces it on a BroadcastChannel named
  // after the storage key, and the stored session changes): load the client, which takes it up.
  if (typeof window !== 'undefined' && !opts.storage) {
    const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(storageKey) : null;
    const onStorage = (e: StorageEvent) => {
      if (e.key === storageKey && e.newValue) void load().catch(() => undefined);
    };
    if (channel) channel.onmessage = () => void load().catch(() => undefined);
    window.addEventListener('storage', onStorage);
    waiting.push(() => {
      channel?.close();
      window.removeEventListener('storage', onStorage);
    });
  }

  // While the API is down and no screen is waiting on a read, the page asks the API's health whether
  // it is back (a GET with the anon key, as hosted Supabase answers it).
  const health = `${config.supabaseUrl.replace(/\/+$/, '')}/auth/v1/health`;
  const probe = trackedFetch();
  if (typeof window !== 'undefined' && !opts.storage)
    connectivity.setProbe(() => probe(health, { headers: { apikey: config.supabaseAnonKey }, cache: 'no-store' }));

  return {
    db: createDb(config.supabaseUrl, config.supabaseAnonKey, accessToken),
    get client() {
      return client;
    },
    load,
    mayHaveSession,
    onLoaded: (fn) => {
      if (client) fn(client);
      else waiting.push(fn);
    },
  };
}
