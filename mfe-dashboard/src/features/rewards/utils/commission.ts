// Agreed commission rates (docs/settlement.md): the hotel proposes, the partner accepts or declines, an
// administrator may set one. The rate in force is the database's (`activities.commission_rate`, its
// read-only mirror of the latest accepted or admin-set rate): the screen never computes it.

export type RateStatus = 'proposed' | 'accepted' | 'declined' | 'withdrawn' | 'superseded';

export interface RateRow {
  id: string;
  activity_id: string;
  rate: number | string;
  status: RateStatus;
  proposed_by: string | null;
  proposed_at: string;
  decided_by: string | null;
  decided_at: string | null;
  effective_from: string | null;
  set_by_admin: boolean;
}

/** The open proposal (waiting for the partner), if any. */
export const openProposal = (history: RateRow[]) => history.find((r) => r.status === 'proposed') ?? null;

/** The latest proposal or admin setting (what "the status" of the hotel's last move is). */
export const latest = (history: RateRow[]) =>
  [...history].sort((a, b) => Date.parse(b.proposed_at) - Date.parse(a.proposed_at))[0] ?? null;

/** A percentage typed in the form (0–50, at most one decimal: numeric(4,3)) → the fraction the RPC takes. */
export function pctToRate(pct: number): number {
  return Math.round(pct * 10) / 1000;
}

export const rateToPct = (rate: number | string) => Math.round(Number(rate) * 1000) / 10;
