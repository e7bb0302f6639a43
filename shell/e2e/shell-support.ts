// Helpers for the shell's browser tests: real sessions from the local stack (password grant over
// HTTP, exactly what supabase-js sends), put into the page the way supabase-js keeps them.
import type { Page } from '@playwright/test';

export const API = `http://127.0.0.1:${Number(process.env.SUPABASE_API_PORT ?? 54321)}`;
export const ANON_KEY =
  process.env.ANON_KEY ??
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
/** supabase-js's storage key for http://127.0.0.1:<port>: sb-<first label of the host>-auth-token. */
export const STORAGE_KEY = 'sb-127-auth-token';
export const PASSWORD = 'demo-pass-123';

export interface StoredSession {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  expires_at: number;
  token_type: string;
  user: { id: string; email?: string };
}

export async function passwordSession(email: string, password = PASSWORD): Promise<StoredSession> {
  const res = await fetch(`${API}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await res.json()) as StoredSession & { msg?: string };
  if (!res.ok) throw new Error(`sign-in of ${email} failed: ${res.status} ${JSON.stringify(body)}`);
  return { ...body, expires_at: body.expires_at ?? Math.floor(Date.now() / 1000) + body.expires_in };
}

/** Calls an RPC as the holder of `session` (e.g. the admin disabling a user). */
export async function rpc(session: StoredSession, fn: string, args: Record<string, unknown>) {
  const res = await fetch(`${API}/rest/v1/rpc/${fn}`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, authorization: `Bearer ${session.access_token}`, 'content-type': 'application/json' },
    body: JSON.stringify(args),
  });
  if (!res.ok) throw new Error(`${fn} failed: ${res.status} ${await res.text()}`);
}

/** Opens the app already signed in (a session restored at load, as after a reload). */
export async function openSignedIn(page: Page, session: StoredSession, path: string) {
  await page.goto('/config.json');
  await page.evaluate(([k, v]) => localStorage.setItem(k!, v!), [STORAGE_KEY, JSON.stringify(session)]);
  await page.goto(path);
}

/** Signs in while the page is open, as when the user signs in in another tab of the app. */
export async function signInLive(page: Page, session: StoredSession) {
  // "Now": after the page has started and knows its visitor (a session stored before the page read
  // storage is a session restored at load, not a sign-in).
  await page.waitForFunction(
    () =>
      (
        window as unknown as { __GUESTMAP__?: { store: { getState(): { auth: { status: string } } } } }
      ).__GUESTMAP__?.store.getState().auth.status === 'signedOut',
  );
  await page.evaluate(
    ([k, v]) => {
      localStorage.setItem(k!, v!);
      const ch = new BroadcastChannel(k!);
      ch.postMessage({ event: 'SIGNED_IN', session: JSON.parse(v!) });
      ch.close();
    },
    [STORAGE_KEY, JSON.stringify(session)],
  );
}

export type GuestmapWindow = {
  __GUESTMAP__: {
    store: {
      getState(): {
        auth: {
          status: string;
          profile: { language: string; customer: string | null } | null;
          myCustomers: { id: string }[];
        };
        ui: { theme: string; locale: string; pendingKeys: string[] };
        customer: {
          id: string | null;
          status: string;
          mapCenter: { latitude: number; longitude: number; zoom: number } | null;
        };
      };
      dispatch(a: unknown): unknown;
    };
    toast: {
      show(m: string, t?: string): string;
      success(m: string): string;
      error(m: string): string;
      warning(m: string): string;
      info(m: string): string;
    };
  };
};

/** The page's store state, once the boot has made the store (its steps run a task each). */
export const state = async (page: Page) => {
  await page.waitForFunction(() => Boolean((window as unknown as Partial<GuestmapWindow>).__GUESTMAP__));
  return page.evaluate(() => (window as unknown as GuestmapWindow).__GUESTMAP__.store.getState());
};
