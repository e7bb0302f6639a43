// Invitations addressed to the signed-in user (matched by the database on the account's confirmed
// e-mail), and the answers to them. Accepting grants the role; nothing is granted before.
import type { Supabase as SupabaseClient } from '@guestmap/shared-ui/contracts';

export interface MyInvitation {
  id: string;
  customerId: string;
  customerName: string;
  role: 'moderator' | 'partner_staff';
  invitedBy: string | null;
  expiresAt: string;
  /** 'partner_staff': the partner business (an activity of the hotel), when the database names it. */
  partnerId: string | null;
  partnerTitle: Record<string, string> | string | null;
}

export async function listMyInvitations(supabase: SupabaseClient): Promise<MyInvitation[]> {
  const { data, error } = await supabase.rpc('my_invitations');
  if (error) throw error;
  type Row = {
    id: string;
    customer_id: string;
    customer_name: string;
    role: MyInvitation['role'];
    invited_by_name: string | null;
    expires_at: string;
    partner_id?: string | null;
    partner_title?: MyInvitation['partnerTitle'];
  };
  return ((data ?? []) as Row[]).map((r) => ({
    id: r.id,
    customerId: r.customer_id,
    customerName: r.customer_name,
    role: r.role,
    invitedBy: r.invited_by_name,
    expiresAt: r.expires_at,
    partnerId: r.partner_id ?? null,
    partnerTitle: r.partner_title ?? null,
  }));
}
