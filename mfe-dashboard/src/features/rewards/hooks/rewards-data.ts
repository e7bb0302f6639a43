// The Rewards tab's reads, as endpoints of the page's one cache (lib/data.ts): each hook of this folder reads
// through them, and a write invalidates what it changed.
import { dashboardApi, viaClient } from '../../../lib/data.ts';
import { listPartners } from '../api/list-partners.ts';
import { listRewardCampaigns, type Campaign } from '../api/list-reward-campaigns.ts';
import { listRewardPrizes, type Prize } from '../api/list-reward-prizes.ts';
import { listRecentPlays, type Play } from '../api/list-recent-plays.ts';
import { listRecentRedemptions, type Redemption } from '../api/list-recent-redemptions.ts';
import { listRecentTransactions, type Txn } from '../api/list-recent-transactions.ts';
import { listLiveStaffLinks } from '../api/list-live-staff-links.ts';
import { getPartnerContact } from '../api/partner-contact.ts';
import { commissionRateHistory } from '../api/commission-rate-history.ts';
import { listPartnerStaff, type StaffMember } from '../api/list-partner-staff.ts';
import { listRatesInForce } from '../api/list-rates-in-force.ts';
import { listCustomerInvitations, type StaffInvitation } from '../api/list-staff-invitations.ts';
import type { RateRow } from '../utils/commission.ts';
import type { Json } from '@guestmap/shared-ui/database';

export interface Partner {
  id: string;
  title: Json;
}

/** The latest plays, redemptions and transactions the ledger lists. */
export const RECENT = 20;

export interface CommissionFigures {
  history: Record<string, RateRow[]>;
  inForce: Record<string, number | null>;
  staff: Record<string, StaffMember[]>;
  invitations: StaffInvitation[];
}

const ledger = (customerId: string) => [{ type: 'DashboardLedger' as const, id: customerId }];

export const rewardsApi = dashboardApi.injectEndpoints({
  endpoints: (b) => ({
    dashboardPartners: b.query<Partner[], string>({
      queryFn: viaClient(listPartners),
      providesTags: (_r, _e, id) => [{ type: 'DashboardPartners', id }],
    }),
    dashboardCampaigns: b.query<Campaign[], string>({
      queryFn: viaClient(listRewardCampaigns),
      providesTags: (_r, _e, id) => [{ type: 'DashboardCampaigns', id }],
    }),
    dashboardPrizes: b.query<Prize[], string>({
      queryFn: viaClient(async (db, campaignId) => {
        const r = await listRewardPrizes(db, campaignId);
        return r.error
          ? r
          : {
              ...r,
              data: [...r.data].sort((a, b) => a.sort_order - b.sort_order || a.created_at.localeCompare(b.created_at)),
            };
      }),
      providesTags: (_r, _e, id) => [{ type: 'DashboardPrizes', id }],
    }),
    dashboardRecentPlays: b.query<Play[], string>({
      queryFn: viaClient((db, customerId) => listRecentPlays(db, customerId, RECENT)),
      providesTags: (_r, _e, id) => ledger(id),
    }),
    dashboardRecentRedemptions: b.query<Redemption[], string>({
      queryFn: viaClient(async (db, customerId) => {
        const r = await listRecentRedemptions(db, customerId, RECENT);
        return { ...r, data: r.data as Redemption[] | null };
      }),
      providesTags: (_r, _e, id) => ledger(id),
    }),
    dashboardRecentTransactions: b.query<Txn[], string>({
      queryFn: viaClient(async (db, customerId) => {
        const r = await listRecentTransactions(db, customerId, RECENT);
        return { ...r, data: r.data as Txn[] | null };
      }),
      providesTags: (_r, _e, id) => ledger(id),
    }),
    dashboardLiveStaffLinks: b.query<{ id: string; name: string }[], string>({
      queryFn: viaClient(listLiveStaffLinks),
    }),
    dashboardPartnerContact: b.query<{ email: string; language: string } | null, string>({
      queryFn: viaClient(getPartnerContact),
    }),
    // Each partner's rate history and accepted staff (an invitee is listed once they said yes), the rates in
    // force and the pending partner-staff invitations; a part that cannot be read shows as empty.
    dashboardCommission: b.query<CommissionFigures, { customerId: string; partnerIds: string[] }>({
      queryFn: viaClient(async (db, { customerId, partnerIds }) => {
        const history = await Promise.all(
          partnerIds.map(async (id) => [id, (await commissionRateHistory(db, id)).data ?? []] as const),
        );
        const people = await Promise.all(
          partnerIds.map(async (id) => [id, (await listPartnerStaff(db, id)).data ?? []] as const),
        );
        const mirror = await listRatesInForce(db, customerId);
        const inv = await listCustomerInvitations(db, customerId);
        return {
          history: Object.fromEntries(history),
          staff: Object.fromEntries(people),
          inForce: Object.fromEntries(
            (mirror.data ?? []).map((a) => [a.id, a.commission_rate === null ? null : Number(a.commission_rate)]),
          ),
          invitations: (inv.data ?? []).filter((i) => i.role === 'partner_staff'),
        };
      }),
      providesTags: (_r, _e, { customerId }) => [{ type: 'DashboardCommission', id: customerId }],
    }),
  }),
});

const NO_STAFF: { id: string; name: string }[] = [];

/** The hotel's live staff links (who made a typed sale); none while read or when they cannot be. */
export const useLiveStaffLinks = (customerId: string) =>
  rewardsApi.useDashboardLiveStaffLinksQuery(customerId).data ?? NO_STAFF;

/** A partner's contact for its statements (undefined while read; null: none yet). */
export const usePartnerContact = (activityId: string) =>
  rewardsApi.useDashboardPartnerContactQuery(activityId).currentData;
