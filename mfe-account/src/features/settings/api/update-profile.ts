import type { SupabaseClient } from '@supabase/supabase-js';
import type { Locale } from '@guestmap/shared-ui/contracts';

/** Updates the caller's own profile row; fails when no row was changed (RLS, disabled account). */
export async function updateProfile(
  supabase: SupabaseClient,
  userId: string,
  patch: { display_name?: string; language?: Locale; profile_picture_url?: string },
) {
  const { error } = await supabase.from('profiles').update(patch).eq('id', userId).select('id').single();
  if (error) throw error;
}
