// The hotel's partner businesses (recommendations marked as partners): vouchers, PINs and
// transactions all name one of them.
import { rewardsApi, type Partner } from './rewards-data.ts';

export type { Partner };

const NONE: Partner[] = [];

export function usePartners(customerId: string): Partner[] {
  return rewardsApi.useDashboardPartnersQuery(customerId).data ?? NONE;
}

/** True while the partners' first read is in flight (a failed read is not "reading": the tab shows what it has). */
export function usePartnersReading(customerId: string): boolean {
  return rewardsApi.useDashboardPartnersQuery(customerId).isLoading;
}
