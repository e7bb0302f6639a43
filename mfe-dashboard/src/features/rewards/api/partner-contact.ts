// A partner's contact address and its language (`partner_contacts`, `set_partner_contact`): it is mailed each
// redemption made with a PIN the hotel set (docs/settlement.md, "The partner's PIN"). An empty address removes it.
import type { TypedClient } from '@guestmap/shared-ui/database';

export const getPartnerContact = (db: TypedClient, activityId: string) =>
  db.from('partner_contacts').select('email, language').eq('activity_id', activityId).maybeSingle();

export const setPartnerContact = (db: TypedClient, activityId: string, email: string, language: string) =>
  db.rpc('set_partner_contact', { p_activity_id: activityId, p_email: email, p_language: language });
