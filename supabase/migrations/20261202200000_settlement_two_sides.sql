-- No account on both sides of an agreement (issue 41, item 2). docs/settlement.md, "Two sides, two accounts".
--
-- Rules
--   * A hotel's managers (its moderators, and administrators, who act for every hotel) are never staff of
--     that hotel's partners, and staff of a hotel's partners never become its moderators. Refused when
--     inviting (the inviter already sees both lists, so the refusal tells them nothing new), when
--     accepting, and on any insert into partner_staff / customer_moderators (triggers, whoever writes).
--     Both triggers take one advisory lock per (account, hotel), so two acceptances racing on two
--     connections see each other.
--   * An overlap left from before (or an account made administrator while staff) is inert:
--     private.is_partner_staff is false for the hotel's managers, so they cannot answer sales or rates
--     as the partner, and my_partners() does not list it. private.two_sides_report() lists every
--     overlap and every same-account decision (the security suite checks it is empty).
--   * The account that recorded a sale never confirms or disputes it; the account that proposed a rate
--     never accepts or declines it (an administrator's directly set rate, set_by_admin, is the one row
--     where one account fills both columns). Triggers raise a clear code (own_sale, own_proposal);
--     CHECK constraints hold the invariant below them (NOT VALID: rows from before are reported, not
--     refused at migration time).

-- ─── memberships ────────────────────────────────────────────────────────────────
create function private.two_sides_lock(p_user_id uuid, p_customer_id text)
returns void
language sql
security definer
set search_path = ''
as $$
  select pg_advisory_xact_lock(hashtextextended('two_sides:' || coalesce(p_user_id::text, '') || ':' || coalesce(p_customer_id, ''), 0))
$$;

-- Whether an account manages a hotel: its moderator, or an administrator (enabled or not: a disabled
-- account keeps its rows, and enabling it again must not make it both).
create function private.manages_customer(p_user_id uuid, p_customer_id text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.customer_moderators m where m.customer_id = p_customer_id and m.user_id = p_user_id)
      or exists (select 1 from public.profiles p where p.id = p_user_id and p.is_admin)
$$;

-- Whether an account is staff of one of a hotel's partners.
create function private.staff_of_customer(p_user_id uuid, p_customer_id text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.partner_staff s join public.activities a on a.id = s.activity_id
                 where s.user_id = p_user_id and a.customer_id = p_customer_id)
$$;

create function private.partner_staff_two_sides()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_customer text := (select a.customer_id from public.activities a where a.id = new.activity_id);
begin
  perform private.two_sides_lock(new.user_id, v_customer);
  if private.manages_customer(new.user_id, v_customer) then
    raise exception 'A moderator of this hotel cannot be staff of its partners: the partner must answer with an account of its own'
      using errcode = 'P0001', detail = 'moderator_cannot_be_staff';
  end if;
  return new;
end;
$$;
create trigger partner_staff_two_sides
  before insert or update on public.partner_staff
  for each row execute function private.partner_staff_two_sides();

create function private.customer_moderators_two_sides()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.two_sides_lock(new.user_id, new.customer_id);
  if private.staff_of_customer(new.user_id, new.customer_id) then
    raise exception 'Staff of this hotel''s partners cannot be its moderators'
      using errcode = 'P0001', detail = 'staff_cannot_be_moderator';
  end if;
  return new;
end;
$$;
create trigger customer_moderators_two_sides
  before insert or update on public.customer_moderators
  for each row execute function private.customer_moderators_two_sides();

-- The typed address of an account of the given kind for this hotel (what the inviter can already see in
-- the moderators and partner staff lists).
create function private.email_manages_customer(p_email text, p_customer_id text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.customer_moderators m join public.profiles p on p.id = m.user_id
                 where m.customer_id = p_customer_id and lower(p.email) = lower(btrim(coalesce(p_email, ''))))
      or lower(btrim(coalesce(p_email, ''))) = (select lower(p.email) from public.profiles p where p.id = auth.uid())
$$;

create function private.email_staff_of_customer(p_email text, p_customer_id text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.partner_staff s join public.activities a on a.id = s.activity_id
                 join public.profiles p on p.id = s.user_id
                 where a.customer_id = p_customer_id and lower(p.email) = lower(btrim(coalesce(p_email, ''))))
$$;

create or replace function public.invite_partner_staff(p_activity_id uuid, p_email text, p_language text default 'en')
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_activity public.activities;
  v_row public.invitations;
begin
  select * into v_activity from public.activities a where a.id = p_activity_id;
  if v_activity.id is null or not private.can_manage_customer(v_activity.customer_id) then
    raise exception 'Only moderators of this customer and administrators can do this'
      using errcode = '42501', detail = 'not_moderator';
  end if;
  if not v_activity.is_partner then
    raise exception 'Only partners have staff' using errcode = 'P0001', detail = 'not_partner';
  end if;
  if private.email_manages_customer(p_email, v_activity.customer_id) then
    raise exception 'A moderator of this hotel cannot be staff of its partners: the partner must answer with an account of its own'
      using errcode = 'P0001', detail = 'moderator_cannot_be_staff';
  end if;
  v_row := private.create_invitation(v_activity.customer_id, 'partner_staff', p_activity_id, p_email, p_language);
  return jsonb_build_object('id', v_row.id, 'email', v_row.email, 'status', v_row.status, 'created_at', v_row.created_at,
                            'expires_at', v_row.expires_at);
end;
$$;

create or replace function public.invite_moderator(p_customer_id text, p_email text, p_language text default 'en')
returns table (id uuid, email text, status public.invitation_status, created_at timestamptz, expires_at timestamptz)
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row public.invitations;
begin
  if not private.can_manage_customer(p_customer_id) then
    raise exception 'Only moderators of this customer and administrators can do this'
      using errcode = '42501', detail = 'not_moderator';
  end if;
  if private.email_staff_of_customer(p_email, p_customer_id) then
    raise exception 'Staff of this hotel''s partners cannot be its moderators'
      using errcode = 'P0001', detail = 'staff_cannot_be_moderator';
  end if;
  v_row := private.create_invitation(p_customer_id, 'moderator', null, p_email, p_language);
  return query select v_row.id, v_row.email, v_row.status, v_row.created_at, v_row.expires_at;
end;
$$;

-- ─── acting as the partner ──────────────────────────────────────────────────────
-- Staff rights hold only for an account that does not manage the partner's hotel.
create or replace function private.is_partner_staff(p_activity_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.partner_staff s
    join public.profiles p on p.id = s.user_id
    join public.activities a on a.id = s.activity_id
    where s.activity_id = p_activity_id and s.user_id = auth.uid() and not p.is_disabled and a.is_partner
      and not private.manages_customer(s.user_id, a.customer_id)
  )
$$;

create or replace function public.my_partners()
returns table (activity_id uuid, customer_id text, title jsonb, hotel_name text)
language sql
stable
security definer
set search_path = ''
as $$
  select a.id, a.customer_id, a.title, c.name
  from public.partner_staff s
  join public.activities a on a.id = s.activity_id and a.is_partner
  join public.customers c on c.id = a.customer_id
  join public.profiles p on p.id = s.user_id and not p.is_disabled
  where s.user_id = auth.uid() and not private.manages_customer(s.user_id, a.customer_id)
  order by c.name, a.title ->> 'en'
$$;

-- ─── decisions ──────────────────────────────────────────────────────────────────
create function private.partner_transactions_two_sides()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.decided_by is not null and new.decided_by = new.created_by then
    raise exception 'You recorded this sale: the partner confirms or disputes it with an account of its own'
      using errcode = 'P0001', detail = 'own_sale';
  end if;
  return new;
end;
$$;
create trigger partner_transactions_two_sides
  before insert or update on public.partner_transactions
  for each row execute function private.partner_transactions_two_sides();
alter table public.partner_transactions
  add constraint partner_transactions_two_sides check (decided_by is null or created_by is null or decided_by <> created_by) not valid;

create function private.commission_rates_two_sides()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.status in ('accepted', 'declined') and not new.set_by_admin
     and new.decided_by is not null and new.decided_by = new.proposed_by then
    raise exception 'You proposed this rate: the partner accepts or declines it with an account of its own'
      using errcode = 'P0001', detail = 'own_proposal';
  end if;
  return new;
end;
$$;
create trigger commission_rates_two_sides
  before insert or update on public.commission_rates
  for each row execute function private.commission_rates_two_sides();
alter table public.commission_rates
  add constraint commission_rates_two_sides check (
    set_by_admin or status not in ('accepted', 'declined') or decided_by is null or proposed_by is null
    or decided_by <> proposed_by) not valid;

-- ─── the check ──────────────────────────────────────────────────────────────────
-- Every account on both sides and every same-account decision, for the security suite and operators
-- (service role, SQL console). Empty when the rules above have always held.
create function private.two_sides_report()
returns table (kind text, customer_id text, activity_id uuid, user_id uuid, row_id uuid)
language sql
stable
security definer
set search_path = ''
as $$
  select 'moderator_is_partner_staff', a.customer_id, s.activity_id, s.user_id, null::uuid
  from public.partner_staff s
  join public.activities a on a.id = s.activity_id
  join public.customer_moderators m on m.customer_id = a.customer_id and m.user_id = s.user_id
  union all
  select 'admin_is_partner_staff', a.customer_id, s.activity_id, s.user_id, null::uuid
  from public.partner_staff s
  join public.activities a on a.id = s.activity_id
  join public.profiles p on p.id = s.user_id and p.is_admin
  union all
  select 'sale_decided_by_recorder', t.customer_id, t.activity_id, t.created_by, t.id
  from public.partner_transactions t
  where t.decided_by = t.created_by
  union all
  select 'rate_decided_by_proposer', a.customer_id, r.activity_id, r.proposed_by, r.id
  from public.commission_rates r
  join public.activities a on a.id = r.activity_id
  where not r.set_by_admin and r.status in ('accepted', 'declined') and r.decided_by = r.proposed_by
$$;

revoke execute on function private.two_sides_lock(uuid, text), private.manages_customer(uuid, text),
  private.staff_of_customer(uuid, text), private.partner_staff_two_sides(), private.customer_moderators_two_sides(),
  private.email_manages_customer(text, text), private.email_staff_of_customer(text, text),
  private.partner_transactions_two_sides(), private.commission_rates_two_sides(), private.two_sides_report()
  from public;
grant execute on function private.two_sides_report() to service_role;
