// The hotel's staff links with their figures for a period (`staff_link_figures`): guests, plays, redemptions and
// the hotel's commission, by the overview's rules (docs/staff-links.md). Managers only (the database checks).
import type { TypedClient } from '@guestmap/shared-ui/database';

export interface StaffLinkFigures {
  staff_link_id: string;
  name: string;
  code: string;
  created_at: string;
  revoked_at: string | null;
  guests: number;
  plays: number;
  redemptions: number;
  /** The hotel's share of confirmed sales, minor units per currency. */
  commission: Record<string, number>;
}

/** `from` and `to` are UTC days (`YYYY-MM-DD`), `to` excluded, as the overview's periods. */
export async function staffLinkFigures(
  db: TypedClient,
  customerId: string,
  from: string,
  to: string,
): Promise<StaffLinkFigures[]> {
  const { data, error } = await db.rpc('staff_link_figures', { p_customer_id: customerId, p_from: from, p_to: to });
  if (error) throw error;
  return (data ?? []).map((r) => ({
    ...r,
    guests: Number(r.guests),
    plays: Number(r.plays),
    redemptions: Number(r.redemptions),
    commission: (r.commission ?? {}) as Record<string, number>,
  }));
}
