// The customer's moderator invitations (`list_customer_invitations`): what the inviter may know, the address
// typed and where it stands.
import type { TypedClient } from '@guestmap/shared-ui/database';

export type InvitationStatus = 'pending' | 'accepted' | 'declined' | 'expired' | 'withdrawn';

/** What the inviter may know of an invitation: the address they typed and where it stands. */
export interface Invitation {
  id: string;
  email: string;
  status: InvitationStatus;
  created_at: string;
  expires_at: string;
  responded_at: string | null;
}

export async function listInvitations(db: TypedClient, customerId: string): Promise<Invitation[]> {
  const { data, error } = await db.rpc('list_customer_invitations', { p_customer_id: customerId });
  if (error) throw error;
  return ((data ?? []) as Array<Invitation & { role: string }>).filter((i) => i.role === 'moderator');
}
