// A guest who plays without an account gets an anonymous one (Supabase anonymous sign-in); the
// shell treats it as "not really signed in", and signing up later converts it in place.
import type { Supabase as SupabaseClient } from '@guestmap/shared-ui/contracts';

export async function ensureGuestSession(supabase: SupabaseClient): Promise<string> {
  const { data } = await supabase.auth.getSession();
  if (data.session) return data.session.user.id;
  const { data: d, error } = await supabase.auth.signInAnonymously();
  if (error || !d.user) throw error ?? new Error('anonymous sign-in returned no user');
  return d.user.id;
}
