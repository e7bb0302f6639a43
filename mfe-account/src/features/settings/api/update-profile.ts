import type { Supabase as SupabaseClient } from '@guestmap/shared-ui/contracts';

/** What the account's screens write of the profile. Not its language: the shell is its one writer (`saveLocale`). */
export interface ProfilePatch {
  display_name?: string;
  profile_picture_url?: string;
}

/** Updates the caller's own profile row; fails when no row was changed (RLS, disabled account). */
export async function updateProfile(supabase: SupabaseClient, userId: string, patch: ProfilePatch) {
  const { error } = await supabase.from('profiles').update(patch).eq('id', userId).select('id').single();
  if (error) throw error;
}
