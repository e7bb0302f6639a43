// Server operations of the moderators screen. Moderators join by invitation only: the invitee accepts
// (in their account area) before anything is granted, and inviting answers the same whatever the address.
import type { TypedClient } from '@guestmap/shared-ui/database';
import type { Locale } from '@guestmap/shared-ui/contracts';

export interface Moderator {
  user_id: string;
  email: string | null;
  display_name: string | null;
  profile_picture_url: string | null;
  created_at: string;
}

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

export async function listModerators(db: TypedClient, customerId: string): Promise<Moderator[]> {
  const { data, error } = await db.rpc('list_customer_moderators', { p_customer_id: customerId });
  if (error) throw error;
  return (data ?? []) as Moderator[];
}

export async function listInvitations(db: TypedClient, customerId: string): Promise<Invitation[]> {
  const { data, error } = await db.rpc('list_customer_invitations', { p_customer_id: customerId });
  if (error) throw error;
  return ((data ?? []) as Array<Invitation & { role: string }>).filter((i) => i.role === 'moderator');
}

/** Sends the invitation mail in the inviter's language (the invitee's is unknown to the inviter). */
export async function inviteModerator(
  db: TypedClient,
  customerId: string,
  email: string,
  locale: Locale,
): Promise<void> {
  const { error } = await db.rpc('invite_moderator', {
    p_customer_id: customerId,
    p_email: email.trim(),
    p_language: locale.slice(0, 2),
  });
  if (error) throw error;
}

export async function withdrawInvitation(db: TypedClient, id: string): Promise<void> {
  const { error } = await db.rpc('withdraw_invitation', { p_invitation_id: id });
  if (error) throw error;
}

export async function removeModerator(db: TypedClient, customerId: string, userId: string): Promise<void> {
  const { error } = await db.rpc('remove_moderator', { p_customer_id: customerId, p_user_id: userId });
  if (error) throw error;
}
