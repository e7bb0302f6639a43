// A guest who plays without an account gets an anonymous one (Supabase anonymous sign-in); the
// shell treats it as "not really signed in", and signing up later converts it in place.
import type { Supabase as SupabaseClient } from '@guestmap/shared-ui/contracts';
import { recordStaffVisit } from '../../../lib/api/record-staff-visit.ts';
import { markStaffVisitBound, unboundStaffVisits } from '../../../lib/utils/staff-visits.ts';

export async function ensureGuestSession(supabase: SupabaseClient): Promise<string> {
  const { data } = await supabase.auth.getSession();
  if (data.session) return data.session.user.id;
  const { data: d, error } = await supabase.auth.signInAnonymously();
  if (error || !d.user) throw error ?? new Error('anonymous sign-in returned no user');
  return d.user.id;
}

/**
 * A visit through a staff link made before the guest had a session is sent again with it, before the play, so the
 * database credits the play (and later redemptions) to that staff member (docs/staff-links.md).
 */
export async function bindStaffVisits(supabase: SupabaseClient): Promise<void> {
  for (const v of unboundStaffVisits())
    if (await recordStaffVisit(supabase, v.customerId, v.code)) markStaffVisitBound(v.customerId);
}
