// Every proposal and setting of the partner's commission rate (`commission_rate_history`), newest first.
import type { TypedClient } from '@guestmap/shared-ui/database';
import { rpcOrThrow } from '../../../lib/api/rpc.ts';
import { num } from '../../../lib/statement-item.ts';

export type RateStatus = 'proposed' | 'accepted' | 'declined' | 'withdrawn' | 'superseded';

export interface CommissionRate {
  id: string;
  activity_id: string;
  rate: number;
  status: RateStatus;
  proposed_at: string | null;
  decided_at: string | null;
  effective_from: string | null;
  set_by_admin: boolean;
}

export async function rateHistory(db: TypedClient, activityId: string): Promise<CommissionRate[]> {
  const rows =
    (await rpcOrThrow(db, 'commission_rate_history', {
      p_activity_id: activityId,
    })) ?? [];
  return rows
    .map((r) => ({
      id: String(r.id),
      activity_id: String(r.activity_id),
      rate: num(r.rate),
      status: String(r.status) as RateStatus,
      proposed_at: (r.proposed_at as string | null) ?? null,
      decided_at: (r.decided_at as string | null) ?? null,
      effective_from: (r.effective_from as string | null) ?? null,
      set_by_admin: r.set_by_admin === true,
    }))
    .sort((a, b) => (b.proposed_at ?? b.effective_from ?? '').localeCompare(a.proposed_at ?? a.effective_from ?? ''));
}
