-- Every grant the Data API roles have in `public`, stated here (issue 42). Since 30 October 2026 hosted grants
-- anon, authenticated and service_role nothing on new tables, views, sequences and functions in `public`
-- (Supabase changelog, 28 April 2026); tables made before keep what the earlier default gave them: service_role
-- everything on every table, the three roles every sequence. This migration takes that back everywhere, so a
-- project made before the change and one made after hold the same grants, then grants what the product needs:
-- - anon and authenticated: what their row-level security policies let them do, and no more (column lists where
--   only some columns may be written or read); the same grants the earlier migrations made one by one.
-- - service_role: only what the server side and the tests do with the service key (the back office's contact
--   messages; the tests' fixtures and checks), on the tables they touch; none on the views and the rest.
-- - no sequence: every insert into a table with an identity column goes through a SECURITY DEFINER function.
-- - functions: each one's EXECUTE is granted where it is created (revoked from PUBLIC, granted to its callers);
--   service_role calls none of them, so it keeps none.
-- supabase/tests/database/15_grants.test.ts compares these grants, per table and per role, with its own list.

revoke all on all tables in schema public from anon, authenticated, service_role;
revoke all on all sequences in schema public from anon, authenticated, service_role;
revoke all on all functions in schema public from service_role;

-- ─── anon and authenticated ─────────────────────────────────────────────────────
grant select on table public.activities to anon;
grant delete, insert, select, update on table public.activities to authenticated;
grant select on table public.analytics_daily to authenticated;
grant select on table public.analytics_events to authenticated;
grant select on table public.commission_rates to authenticated;
grant delete, select on table public.contact_messages to authenticated;
grant insert (name, email, hotel, message, locale, request_id) on table public.contact_messages to anon;
grant insert (name, email, hotel, message, locale, request_id) on table public.contact_messages to authenticated;
grant update (handled_at) on table public.contact_messages to authenticated;
grant select on table public.currencies to anon;
grant select on table public.currencies to authenticated;
grant select on table public.customer_moderators to authenticated;
grant select on table public.customers to anon;
grant delete, select on table public.customers to authenticated;
grant update (name, tagline, latitude, longitude, zoom, logo_url, primary_color, cover_url, welcome, is_public, rewards_reinvestment_pct, time_zone, require_mfa) on table public.customers to authenticated;
grant delete, insert, select on table public.favourites to authenticated;
grant select on table public.hotel_payouts to authenticated;
grant select on table public.partner_invoices to authenticated;
grant select on table public.partner_staff to authenticated;
grant select on table public.partner_transactions to authenticated;
grant select on table public.points_balances to authenticated;
grant select on table public.points_ledger to authenticated;
grant select on table public.profiles to authenticated;
grant update (display_name, profile_picture_url, language) on table public.profiles to authenticated;
grant select on table public.reward_campaigns to anon;
grant select on table public.reward_campaigns to authenticated;
grant select on table public.reward_plays to authenticated;
grant select (id, campaign_id, kind, label, points, activity_id, discount_pct, discount_text, valid_days, sort_order) on table public.reward_prizes to anon;
grant select (id, campaign_id, kind, label, points, activity_id, discount_pct, discount_text, valid_days, sort_order) on table public.reward_prizes to authenticated;
grant select on table public.settlement_months to authenticated;
grant delete, insert, select on table public.user_customers to authenticated;
grant select (id, user_id, customer_id, activity_id, play_id, discount_pct, discount_text, issued_at, expires_at, redeemed_at) on table public.vouchers to authenticated;
-- Issue 41's tables: a closed invoice's items and a partner's contact address (read under their policies).
grant select on table public.partner_invoice_items to authenticated;
grant select on table public.partner_contacts to authenticated;

-- ─── service_role ───────────────────────────────────────────────────────────────
-- Only what is done with the service key: the back office records a contact message unlimited
-- (private.limit_contact_messages lets it through); the tests set up and check rows with it (supabase/tests,
-- mfe-*/src/**/*.test.tsx, shell/src/app/customer.test.ts, the browser tests' admin() / serviceRest() in
-- mfe-*/e2e and shell/e2e). A write by filter (PATCH, DELETE) or with return=representation reads too.
grant select, insert (name, email, hotel, message, locale, request_id) on table public.contact_messages to service_role;
grant select, insert, update, delete on table public.customers to service_role;
grant select, insert, update, delete on table public.activities to service_role;
grant select, insert, delete on table public.customer_moderators to service_role;
grant select, insert, delete on table public.partner_transactions to service_role;
grant select, insert on table public.partner_staff to service_role;
grant select, insert on table public.vouchers to service_role;
grant select, update on table public.profiles to service_role;
grant select, delete on table public.favourites to service_role;
grant select, delete on table public.invitations to service_role;
grant select, delete on table public.reward_campaigns to service_role;
grant select, delete on table public.user_customers to service_role;
grant select on table public.analytics_events, public.commission_rates, public.currencies, public.hotel_payouts,
  public.partner_contacts, public.partner_invoices, public.partner_pins, public.points_ledger, public.reward_plays, public.reward_prizes,
  public.settlement_months to service_role;
