// Accepting an invitation grants its role (RPC accept_invitation).
import type { Supabase as SupabaseClient } from '@guestmap/shared-ui/contracts';

/** Returns the customer id the invitation was for. Repeating it is harmless (same answer). */
export async function acceptInvitation(supabase: SupabaseClient, id: string): Promise<string> {
  const { data, error } = await supabase.rpc('accept_invitation', { p_invitation_id: id });
  if (error) throw error;
  return data as string;
}
