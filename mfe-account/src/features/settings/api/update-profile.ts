import type { Supabase as SupabaseClient } from '@guestmap/shared-ui/contracts';
import type { Locale } from '@guestmap/shared-ui/contracts';

export interface ProfilePatch {
  display_name?: string;
  language?: Locale;
  profile_picture_url?: string;
}

/** Updates the caller's own profile row; fails when no row was changed (RLS, disabled account). */
export async function updateProfile(supabase: SupabaseClient, userId: string, patch: ProfilePatch) {
  const { error } = await supabase.from('profiles').update(patch).eq('id', userId).select('id').single();
  if (error) throw error;
}
