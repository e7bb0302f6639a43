-- A second factor for the people who move money (issue #41, item 7).
--
-- Once an account has a verified second factor (auth.mfa_factors, TOTP enrolled through supabase-js's
-- auth.mfa), every money action it takes needs an AAL2 session: the JWT's `aal` claim (auth.jwt() ->> 'aal')
-- must be 'aal2', which GoTrue signs only after a code from that factor. Otherwise the action is refused with
-- `aal2_required` and the UI asks for the code (mfa step-up) and retries.
-- A hotel can require a factor of its moderators and of its partners' staff (customers.require_mfa), and the
-- platform can require one of its administrators (private.security_settings.admins_require_mfa): such an
-- account with no verified factor is refused with `mfa_enrolment_required` until it enrols one.
--
-- Where it is enforced: private.require_aal2(customer) is called by triggers on the tables the money
-- actions write, so every path is covered, the RPCs of today and of tomorrow, without repeating a call in
-- each of them, and a rewrite of an RPC cannot drop it:
--   record a sale ............ insert into public.partner_transactions
--   confirm / dispute a sale .. update of status on public.partner_transactions
--   propose / accept a rate ... insert or update on public.commission_rates
--   set a PIN ................. insert or update on public.partner_pins
--   open a till ............... insert into private.partner_tills
--   close a month ............. insert into public.settlement_months
--   mark paid ................. update of status, paid_at on public.partner_invoices, public.hotel_payouts
--   invite .................... insert into public.invitations
--   the platform's bank account insert or update on private.platform_settings
--   the hotel's own setting ... update of require_mfa on public.customers
-- The check applies to a person (auth.uid()); writes by the service role, by database jobs and by anonymous
-- requests (a partner's till opened with its PIN on a shared device) have no account to hold a factor.

-- ─── settings ───────────────────────────────────────────────────────────────────
alter table public.customers add column require_mfa boolean not null default false;
comment on column public.customers.require_mfa is
  'The hotel requires a second factor (authenticator app) of its moderators and its partners'' staff for money actions.';
grant update (require_mfa) on table public.customers to authenticated;

create table private.security_settings (
  id boolean primary key default true constraint security_settings_single check (id),
  admins_require_mfa boolean not null default false,
  updated_at timestamptz not null default now()
);
comment on table private.security_settings is
  'Platform-wide security switches. admins_require_mfa: administrators without a verified factor may not act on money.';
revoke all on table private.security_settings from public, anon, authenticated;
insert into private.security_settings (id) values (true);

-- ─── the check ──────────────────────────────────────────────────────────────────
create function private.has_verified_factor(p_user_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from auth.mfa_factors f where f.user_id = p_user_id and f.status = 'verified')
$$;

-- Whether the account must have a factor for money actions at this hotel (null: no hotel concerned).
create function private.mfa_required_for(p_user_id uuid, p_customer_id text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select (exists (select 1 from public.profiles p where p.id = p_user_id and p.is_admin)
          and coalesce((select s.admins_require_mfa from private.security_settings s), false))
      or (p_customer_id is not null
          and exists (select 1 from public.customers c where c.id = p_customer_id and c.require_mfa)
          and (exists (select 1 from public.customer_moderators m
                       where m.customer_id = p_customer_id and m.user_id = p_user_id)
               or private.staff_of_customer(p_user_id, p_customer_id)))
$$;

-- Refuses the caller's money action unless its session is aal2 or it needs no factor. Call it first thing in
-- a money action; the triggers below call it for every write of one.
create function private.require_aal2(p_customer_id text default null)
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
begin
  if v_uid is null or coalesce(auth.jwt() ->> 'aal', 'aal1') = 'aal2' then
    return;
  end if;
  if private.has_verified_factor(v_uid) then
    raise exception 'Enter the code from your authenticator app to do this'
      using errcode = 'P0001', detail = 'aal2_required',
            hint = 'Verify a TOTP factor (supabase.auth.mfa.challengeAndVerify) and retry with the aal2 session.';
  end if;
  if private.mfa_required_for(v_uid, p_customer_id) then
    raise exception 'Add an authenticator app to your account (account settings) before doing this'
      using errcode = 'P0001', detail = 'mfa_enrolment_required';
  end if;
end;
$$;
revoke all on function private.has_verified_factor(uuid) from public, anon, authenticated;
revoke all on function private.mfa_required_for(uuid, text) from public, anon, authenticated;
revoke all on function private.require_aal2(text) from public, anon, authenticated;

-- ─── the guard on every money table ─────────────────────────────────────────────
-- The row's hotel: its customer_id, the customer of its activity_id, or the customer itself. The triggers are
-- named aal2_* so they fire before the tables' other triggers (PostgreSQL fires them in name order): the
-- answer is aal2_required whatever else the write would have met.
create function private.money_action_guard()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row jsonb := to_jsonb(new);
  v_customer text := case when tg_table_name = 'customers' then v_row ->> 'id' else v_row ->> 'customer_id' end;
  v_activity text := v_row ->> 'activity_id';
begin
  if v_customer is null and v_activity is not null then
    select a.customer_id into v_customer from public.activities a where a.id = v_activity::uuid;
  end if;
  perform private.require_aal2(v_customer);
  return new;
end;
$$;

revoke all on function private.money_action_guard() from public, anon, authenticated;

create trigger aal2_partner_transactions
  before insert or update of status on public.partner_transactions
  for each row execute function private.money_action_guard();
create trigger aal2_commission_rates
  before insert or update on public.commission_rates
  for each row execute function private.money_action_guard();
create trigger aal2_partner_pins
  before insert or update on public.partner_pins
  for each row execute function private.money_action_guard();
create trigger aal2_partner_tills
  before insert on private.partner_tills
  for each row execute function private.money_action_guard();
create trigger aal2_settlement_months
  before insert on public.settlement_months
  for each row execute function private.money_action_guard();
create trigger aal2_partner_invoices
  before update of status, paid_at on public.partner_invoices
  for each row execute function private.money_action_guard();
create trigger aal2_hotel_payouts
  before update of status, paid_at on public.hotel_payouts
  for each row execute function private.money_action_guard();
create trigger aal2_invitations
  before insert on public.invitations
  for each row execute function private.money_action_guard();
create trigger aal2_platform_settings
  before insert or update on private.platform_settings
  for each row execute function private.money_action_guard();
create trigger aal2_customers_require_mfa
  before update of require_mfa on public.customers
  for each row when (old.require_mfa is distinct from new.require_mfa)
  execute function private.money_action_guard();

-- ─── what the account screen shows ──────────────────────────────────────────────
-- Whether the signed-in account must enrol a factor (an admin under the platform rule, a moderator or partner
-- staff of a hotel that requires one) and whether it has one.
create function public.my_mfa_requirement()
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'required', coalesce(
      private.mfa_required_for(auth.uid(), null)
      or exists (select 1 from public.customers c where c.require_mfa
                 and private.mfa_required_for(auth.uid(), c.id)),
      false),
    'enrolled', coalesce(private.has_verified_factor(auth.uid()), false))
$$;
revoke all on function public.my_mfa_requirement() from public, anon;
grant execute on function public.my_mfa_requirement() to authenticated;
