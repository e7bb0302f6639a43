// Administrators: up to 50 accounts whose e-mail or name contains the text (all when empty).
import type { Tables, TypedClient } from '@guestmap/shared-ui/database';

export type Profile = Pick<Tables<'profiles'>, 'id' | 'email' | 'display_name' | 'is_admin' | 'is_disabled'>;

export function searchProfiles(db: TypedClient, text: string) {
  // PostgREST's filter syntax uses these characters: they are dropped from the search text.
  const needle = text.trim().replace(/[%_,()]/g, '');
  let req = db.from('profiles').select('id, email, display_name, is_admin, is_disabled').order('email').limit(50);
  if (needle) req = req.or(`email.ilike.*${needle}*,display_name.ilike.*${needle}*`);
  return req;
}
