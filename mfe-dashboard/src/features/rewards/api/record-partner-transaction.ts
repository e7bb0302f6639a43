// A sale the hotel types in (`record_partner_transaction`): pending until the partner confirms it. The same
// idempotency key on a retry returns the transaction already stored.
import type { TypedClient } from '@guestmap/shared-ui/database';
import { withStepUp } from '../../../lib/step-up.tsx';

export const recordPartnerTransaction = (
  db: TypedClient,
  v: {
    customerId: string;
    activityId: string;
    amountMinor: number;
    currency: string;
    idempotencyKey: string;
    /** The staff member who made the sale (one of the hotel's live links), if any. */
    staffLinkId?: string | null;
  },
) =>
  withStepUp(db, async () =>
    db.rpc('record_partner_transaction', {
      p_customer_id: v.customerId,
      p_activity_id: v.activityId,
      p_amount_minor: v.amountMinor,
      p_currency: v.currency,
      p_idempotency_key: v.idempotencyKey,
      p_staff_link_id: v.staffLinkId ?? undefined,
    }),
  );
