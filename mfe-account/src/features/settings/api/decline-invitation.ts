// Declining an invitation (RPC decline_invitation): nothing is granted.
import type { Supabase as SupabaseClient } from '@guestmap/shared-ui/contracts';

export async function declineInvitation(supabase: SupabaseClient, id: string): Promise<void> {
  const { error } = await supabase.rpc('decline_invitation', { p_invitation_id: id });
  if (error) throw error;
}
