// Invites an address (`invite_moderator`): the same answer whatever the address; nothing is granted before the
// invitee accepts in their account.
import type { TypedClient } from '@guestmap/shared-ui/database';
import { withStepUp } from '../../../lib/step-up.tsx';
import type { Locale } from '@guestmap/shared-ui/contracts';

/** Sends the invitation mail in the inviter's language (the invitee's is unknown to the inviter). */
export async function inviteModerator(
  db: TypedClient,
  customerId: string,
  email: string,
  locale: Locale,
): Promise<void> {
  const { error } = await withStepUp(db, async () =>
    db.rpc('invite_moderator', { p_customer_id: customerId, p_email: email.trim(), p_language: locale.slice(0, 2) }),
  );
  if (error) throw error;
}
