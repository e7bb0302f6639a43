// A guest who played rewards anonymously and now adds an address: their profile row (made when they first
// played) gets the nickname and language they just gave. A failure is not reported: the account works
// without them, and settings can set both later.
import type { Supabase as SupabaseClient } from '@guestmap/shared-ui/contracts';
import type { Locale } from '@guestmap/shared-ui/contracts';

export async function updateGuestProfile(
  supabase: SupabaseClient,
  userId: string,
  profile: { displayName: string; language: Locale },
): Promise<void> {
  await supabase
    .from('profiles')
    .update({ display_name: profile.displayName, language: profile.language })
    .eq('id', userId);
}
