// Helpers for the map remote's browser tests: service-role access to the local stack (the
// Supabase CLI's well-known local keys), sign-in without the account remote, and no tiles.
import type { Page } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import type { Database } from '@guestmap/shared-ui/database';

export const API = `http://127.0.0.1:${Number(process.env.SUPABASE_API_PORT ?? 54321)}`;
export const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
export const SERVICE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';

// Node 20 has no WebSocket and these tests use no realtime: a stand-in keeps supabase-js happy.
class NoSocket {}
const opts = {
  auth: { persistSession: false, autoRefreshToken: false },
  realtime: { transport: NoSocket as unknown as typeof WebSocket },
};

export const admin = () => createClient<Database>(API, SERVICE_KEY, opts);
/** A client with the anon key (its own session, not the browser's). */
export const anonClient = () => createClient<Database>(API, ANON_KEY, opts);

/** No internet here: every tile request fails fast, as on a blocked network. */
export async function noTiles(page: Page) {
  await page.route(/tile\.openstreetmap\.org|\/\{z\}\//, (r) => r.abort('internetdisconnected'));
}

/** Signs in with supabase-js and puts the session where the page's client looks for it. */
export async function signInAs(page: Page, email: string) {
  const c = createClient<Database>(API, ANON_KEY, opts);
  const { data, error } = await c.auth.signInWithPassword({ email, password: 'demo-pass-123' });
  if (error || !data.session) throw error ?? new Error('no session');
  const key = `sb-${new URL(API).hostname.split('.')[0]}-auth-token`;
  await page.addInitScript(([k, v]) => window.localStorage.setItem(k!, v!), [key, JSON.stringify(data.session)]);
  return data.session.user.id;
}

export async function activityBySlug(customerId: string, slug: string) {
  const { data, error } = await admin()
    .from('activities')
    .select('id, slug, title')
    .eq('customer_id', customerId)
    .eq('slug', slug)
    .single();
  if (error) throw error;
  return data as { id: string; slug: string; title: { en: string } };
}

/**
 * Opens a path and waits for the screen's level-1 heading. With up to eight engineers' builds and
 * test runs sharing two CPU cores, the shell's remote-loading deadline is sometimes missed and its
 * fallback shows; a guest would press Retry, and so does this, once.
 */
export async function open(page: Page, path: string) {
  await page.goto(path);
  const heading = page.getByRole('main').getByRole('heading', { level: 1 });
  const retry = page.getByRole('button', { name: /^(Retry|Thử lại|Réessayer)$/ });
  await heading.or(retry).first().waitFor({ timeout: 30_000 });
  if (await retry.isVisible()) await retry.click();
  await heading.first().waitFor({ timeout: 30_000 });
}
