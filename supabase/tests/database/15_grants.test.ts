// Explicit grants (issue 42). Since 30 October 2026 hosted grants the Data API roles nothing on what a project
// creates in `public`; the stack's bootstrap has hosted's new default (local-stack/src/db/default-privileges.sql), and
// migration 20261203300100_explicit_grants.sql states every grant each role needs. Here, on both backends: the
// default itself, and each role's grants per table (and per column) and per function against the lists below, which
// change only with a migration that means it. What the grants let each role do is the product's own tests (RLS
// matrix 10_rls, the RPC and security files, the screens' tests as anon and signed-in users).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestStack, stopPgServer, type TestStack } from '@guestmap/local-stack/testing/stack.ts';
import { FUNCTIONS_SQL, GRANTS_SQL } from './15_grants.queries.ts';
import { asRole, sqlError } from './support.ts';

afterAll(stopPgServer);

/** `role table: privileges`, or `role table(columns): privilege` for a grant on some columns only. */
const GRANTS = [
  'anon activities: select',
  'anon contact_messages(name, email, hotel, message, locale, request_id): insert',
  'anon currencies: select',
  'anon customers: select',
  'anon exchange_rates: select',
  'anon reward_campaigns: select',
  'anon reward_prizes(id, campaign_id, kind, label, points, activity_id, discount_pct, discount_text, valid_days, sort_order, value_min_vnd, value_max_vnd): select',
  'anon vn_wards: select',
  'authenticated activities: delete, insert, select, update',
  'authenticated analytics_daily: select',
  'authenticated analytics_events: select',
  'authenticated commission_rates: select',
  'authenticated contact_messages: delete, select',
  'authenticated contact_messages(handled_at): update',
  'authenticated contact_messages(name, email, hotel, message, locale, request_id): insert',
  'authenticated currencies: select',
  'authenticated customer_moderators: select',
  'authenticated customers: delete, select',
  'authenticated customers(name, tagline, latitude, longitude, zoom, logo_url, primary_color, cover_url, welcome, is_public, rewards_reinvestment_pct, time_zone, require_mfa, street, ward_code, old_ward, old_district, ward_needs_review, phone): update',
  'authenticated exchange_rates: select',
  'authenticated favourites: delete, insert, select',
  'authenticated hotel_payouts: select',
  'authenticated partner_contacts: select',
  'authenticated partner_invoice_items: select',
  'authenticated partner_invoices: select',
  'authenticated partner_staff: select',
  'authenticated partner_transactions: select',
  'authenticated points_balances: select',
  'authenticated points_ledger: select',
  'authenticated profiles: select',
  'authenticated profiles(display_name, profile_picture_url, language): update',
  'authenticated reward_campaigns: select',
  'authenticated reward_plays: select',
  'authenticated reward_prizes(id, campaign_id, kind, label, points, activity_id, discount_pct, discount_text, valid_days, sort_order, value_min_vnd, value_max_vnd): select',
  'authenticated settlement_months: select',
  'authenticated staff_links: select',
  'authenticated user_customers: delete, insert, select',
  'authenticated vn_wards: select',
  'authenticated vouchers(id, user_id, customer_id, activity_id, play_id, discount_pct, discount_text, issued_at, expires_at, redeemed_at, value_min_vnd, value_max_vnd): select',
  'service_role activities: delete, insert, select, update',
  'service_role analytics_events: select',
  'service_role commission_rates: select',
  'service_role contact_messages: select',
  'service_role contact_messages(name, email, hotel, message, locale, request_id): insert',
  'service_role currencies: select',
  'service_role customer_moderators: delete, insert, select',
  'service_role customers: delete, insert, select, update',
  'service_role exchange_rates: insert, select, update',
  'service_role favourites: delete, select',
  'service_role hotel_payouts: select',
  'service_role invitations: delete, select',
  'service_role partner_contacts: select',
  'service_role partner_invoices: select',
  'service_role partner_pins: select',
  'service_role partner_staff: insert, select',
  'service_role partner_transactions: delete, insert, select',
  'service_role points_ledger: select',
  'service_role profiles: select, update',
  'service_role reward_campaigns: delete, select',
  'service_role reward_plays: select',
  'service_role reward_prizes: select',
  'service_role settlement_months: select',
  'service_role staff_links: select',
  'service_role user_customers: delete, select',
  'service_role vn_wards: select',
  'service_role vouchers: insert, select',
];

/** Who may execute each function in `public` (through PUBLIC or a grant); '-' for none of the three. */
const FUNCTIONS: Record<string, string> = {
  'accept_invitation(uuid)': 'authenticated',
  'admin_reset_second_factor(text)': 'authenticated',
  'admin_set_commission_rate(uuid,numeric)': 'authenticated',
  'admin_set_customer_package(text,text)': 'authenticated',
  'admin_set_user_disabled(uuid,boolean)': 'authenticated',
  'check_customer_slug(text)': 'anon authenticated',
  'claim_outbox_mail(integer)': 'service_role',
  'close_month(text,date)': 'authenticated',
  'close_till(text)': 'anon authenticated',
  'commission_rate_history(uuid)': 'authenticated',
  'confirm_partner_transaction(uuid)': 'authenticated',
  'create_customer(text,text,text,double precision,double precision,integer)': 'authenticated',
  'create_staff_link(text,text)': 'authenticated',
  'custom_access_token_hook(jsonb)': '-',
  'dashboard_overview(text,integer,date)': 'authenticated',
  'decline_invitation(uuid)': 'authenticated',
  'dispute_partner_transaction(uuid,text)': 'authenticated',
  'finish_outbox_mail(bigint,text)': 'service_role',
  'invite_moderator(text,text,text)': 'authenticated',
  'invite_partner_staff(uuid,text,text)': 'authenticated',
  'list_customer_invitations(text)': 'authenticated',
  'list_customer_moderators(text)': 'authenticated',
  'list_partner_staff(uuid)': 'authenticated',
  'list_reward_prizes(uuid)': 'authenticated',
  'mark_invoice_paid(uuid)': 'authenticated',
  'mark_payout_paid(uuid)': 'authenticated',
  'month_settlement(text,date)': 'authenticated',
  'monthly_statement(text,date)': 'authenticated',
  'monthly_statement_items(text,date)': 'authenticated',
  'my_invitations()': 'authenticated',
  'my_mfa_requirement()': 'authenticated',
  'my_partners()': 'authenticated',
  'my_voucher_codes(text)': 'authenticated',
  'partner_pin_changes(uuid)': 'authenticated',
  'partner_statement(uuid,date)': 'authenticated',
  'platform_fees(date)': 'authenticated',
  'play_reward(uuid,text)': 'anon authenticated',
  'propose_commission_rate(uuid,numeric)': 'authenticated',
  'record_event(text,text,uuid,uuid)': 'anon authenticated',
  'record_partner_transaction(text,uuid,bigint,text,text,uuid)': 'authenticated',
  'record_staff_visit(text,text,uuid)': 'anon authenticated',
  'redeem_voucher(text,text,bigint,text,text)': 'anon authenticated',
  'redeem_voucher_at_till(text,text,bigint,text,text)': 'anon authenticated',
  'redeem_voucher_open_till(text,text,bigint,text,text)': 'anon authenticated',
  'remove_moderator(text,uuid)': 'authenticated',
  'remove_partner_staff(uuid,uuid)': 'authenticated',
  'reorder_places(text,uuid[])': 'authenticated',
  'respond_commission_rate(uuid,boolean)': 'authenticated',
  'revoke_staff_link(uuid)': 'authenticated',
  'set_home_customer(text)': 'authenticated',
  'set_partner_contact(uuid,text,text)': 'authenticated',
  'set_partner_pin(uuid,text)': 'authenticated',
  'set_platform_bank_account(text,text,text)': 'authenticated',
  'staff_link_figures(text,date,date)': 'authenticated',
  'upsert_reward_campaign(uuid,text,text,jsonb,boolean,integer,timestamp with time zone,timestamp with time zone)':
    'authenticated',
  'upsert_reward_prize(uuid,uuid,text,jsonb,integer,integer,integer,uuid,integer,jsonb,integer,integer,bigint,bigint)':
    'authenticated',
  'withdraw_invitation(uuid)': 'authenticated',
};

describe.each(BACKENDS)('grants on %s', (backend) => {
  let s: TestStack;
  beforeAll(async () => {
    s = await startTestStack(backend, { seed: false });
  }, 120_000);
  afterAll(() => s?.stop());

  it("has hosted's default since 30 October 2026: nothing for the Data API roles on new objects in public", async () => {
    const { rows } = await s.db.query<{ acl: string }>(
      `select d.defaclobjtype::text || ' ' || a.grantee::regrole::text as acl
       from pg_default_acl d, aclexplode(d.defaclacl) a
       where d.defaclnamespace = 'public'::regnamespace and d.defaclrole = 'postgres'::regrole
         and a.grantee in ('anon'::regrole, 'authenticated'::regrole, 'service_role'::regrole)`,
    );
    expect(rows).toEqual([]);
    await s.db.exec('create table public.h42_new (id int primary key)');
    try {
      for (const role of ['anon', 'authenticated', 'service_role'] as const) {
        const err = await sqlError(asRole(s.db, role, 'select * from public.h42_new'));
        expect(err).toMatchObject({ code: '42501', message: 'permission denied for table h42_new' });
      }
    } finally {
      await s.db.exec('drop table public.h42_new');
    }
  });

  it('each role holds exactly the grants the product needs on each table, view and sequence', async () => {
    const { rows } = await s.db.query<{ object: string; role: string; privileges: string }>(GRANTS_SQL);
    expect(rows.map((r) => `${r.role} ${r.object}: ${r.privileges}`)).toEqual(GRANTS);
  });

  it('each function is executable by exactly the roles that call it', async () => {
    const { rows } = await s.db.query<{ fn: string; roles: string }>(FUNCTIONS_SQL);
    expect(Object.fromEntries(rows.map((r) => [r.fn, r.roles]))).toEqual(FUNCTIONS);
  });
});
