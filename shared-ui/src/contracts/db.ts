// The page's PostgREST client: the same query builder as `supabase.from()` / `supabase.rpc()`, without
// the rest of supabase-js (auth, realtime, storage: about 50 KB gzip). Every request carries the
// current user's access token when there is one, otherwise the anon key, exactly as supabase-js's own
// client does; `accessToken` is asked before each request, so a sign-in or sign-out applies at once.
// postgrest-js's own silent retries are off (`retry: false`): they waited 1 + 2 + 4 s before a failed
// read even reported, and under the map's own retries a guest saw a bare spinner for 24 s with the API
// unreachable. Failed reads are reported at once to `connectivity`, and their screens read again on its
// one schedule (connectivity.ts).
import { PostgrestClient } from '@supabase/postgrest-js';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '@guestmap/supabase/types/database.ts';
import { trackedFetch } from './connectivity.ts';

/** Typed with the generated database types (supabase/types/database.ts): tables, columns, RPC arguments and results. */
export type Db = PostgrestClient<Database>;
/** The page's full Supabase client, typed the same way (`Platform.supabase`, `useSupabase()`). */
export type Supabase = SupabaseClient<Database>;
export type { Database };

export function createDb(supabaseUrl: string, anonKey: string, accessToken: () => Promise<string | null>): Db {
  const tracked = trackedFetch();
  const authedFetch: typeof fetch = async (input, init) => {
    const headers = new Headers(init?.headers);
    if (!headers.has('Authorization')) headers.set('Authorization', `Bearer ${(await accessToken()) ?? anonKey}`);
    return tracked(input, { ...init, headers });
  };
  return new PostgrestClient<Database>(`${supabaseUrl.replace(/\/+$/, '')}/rest/v1`, {
    headers: { apikey: anonKey },
    fetch: authedFetch,
    retry: false,
  });
}
