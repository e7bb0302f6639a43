// The page's PostgREST client: the same query builder as `supabase.from()` / `supabase.rpc()`, without
// the rest of supabase-js (auth, realtime, storage: about 50 KB gzip). Every request carries the
// current user's access token when there is one, otherwise the anon key, exactly as supabase-js's own
// client does; `accessToken` is asked before each request, so a sign-in or sign-out applies at once.
import { PostgrestClient } from '@supabase/postgrest-js';

export type Db = PostgrestClient;

export function createDb(supabaseUrl: string, anonKey: string, accessToken: () => Promise<string | null>): Db {
  const authedFetch: typeof fetch = async (input, init) => {
    const headers = new Headers(init?.headers);
    if (!headers.has('Authorization')) headers.set('Authorization', `Bearer ${(await accessToken()) ?? anonKey}`);
    return fetch(input, { ...init, headers });
  };
  return new PostgrestClient(`${supabaseUrl.replace(/\/+$/, '')}/rest/v1`, {
    headers: { apikey: anonKey },
    fetch: authedFetch,
  });
}
