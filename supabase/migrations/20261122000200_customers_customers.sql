-- Customers (a city or a hotel map), their moderators, each user's customers list, and the RPCs
-- that create customers and manage moderators.

-- ─── enums ──────────────────────────────────────────────────────────────────────
create type public.customer_kind as enum ('city', 'hotel');
create type public.customer_package as enum ('basic', 'professional', 'premium');

-- ─── slug rules ─────────────────────────────────────────────────────────────────
-- Customer ids share the URL space with the app's own routes (/{customerId}).
create function private.is_reserved_slug(p_slug text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select lower(p_slug) = any (array[
    'user', 'users', 'hotels', 'hotel', 'about-us', 'about', 'terms-and-privacy', 'terms', 'privacy',
    'hotels-sales-presentation', 'sales', 'create-customer', 'customers', 'customer',
    'api', 'admin', 'administrator', 'auth', 'login', 'logout', 'sign-in', 'signin', 'sign-up', 'signup',
    'register', 'account', 'accounts', 'settings', 'dashboard', 'map', 'maps', 'partner', 'partners',
    'rewards', 'reward', 'redeem', 'voucher', 'vouchers', 'statements', 'explore', 'search', 'help',
    'support', 'contact', 'callback', 'oauth', 'static', 'assets', 'public', 'www', 'rest', 'storage',
    'realtime', 'functions', 'graphql', 'health', 'status', 'new', 'edit', 'null', 'undefined', 'guestmap'
  ])
$$;

create function private.is_valid_slug_format(p_slug text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select p_slug is not null
    and char_length(p_slug) between 3 and 63
    and p_slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'
$$;

create function private.is_hex_color(p_color text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select p_color is null or p_color ~ '^#[0-9a-fA-F]{6}$'
$$;

grant execute on function private.is_reserved_slug(text), private.is_valid_slug_format(text),
  private.is_hex_color(text) to anon, authenticated, service_role;

-- ─── customers ──────────────────────────────────────────────────────────────────
create table public.customers (
  id text primary key,
  kind public.customer_kind not null,
  name text not null,
  tagline text,
  latitude double precision not null,
  longitude double precision not null,
  zoom smallint not null default 16,
  logo_url text,
  primary_color text,
  cover_url text,
  welcome jsonb not null default '{}'::jsonb,
  -- Hotels have a package (default basic); cities have none and are unlimited.
  package public.customer_package,
  is_public boolean not null default true,
  rewards_reinvestment_pct numeric(5, 2) not null default 10,
  created_by uuid references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint customers_id_format check (private.is_valid_slug_format(id)),
  constraint customers_id_not_reserved check (not private.is_reserved_slug(id)),
  constraint customers_name_length check (char_length(btrim(name)) between 1 and 120),
  constraint customers_tagline_length check (tagline is null or char_length(tagline) <= 200),
  constraint customers_latitude_range check (latitude between -90 and 90),
  constraint customers_longitude_range check (longitude between -180 and 180),
  constraint customers_zoom_range check (zoom between 1 and 20),
  constraint customers_logo_url_http check (private.is_http_url(logo_url)),
  constraint customers_cover_url_http check (private.is_http_url(cover_url)),
  constraint customers_primary_color_hex check (private.is_hex_color(primary_color)),
  constraint customers_welcome_i18n check (private.is_i18n_text(welcome, 1000)),
  constraint customers_package_by_kind check ((kind = 'hotel') = (package is not null)),
  constraint customers_rewards_reinvestment_pct_range check (rewards_reinvestment_pct between 0 and 100)
);
comment on table public.customers is 'A map: a city or a hotel. id is the URL slug.';
comment on column public.customers.welcome is 'Welcome text per language: {"en": "...", "vi": "...", "fr": "..."}.';
comment on column public.customers.package is 'Hotels: basic (20 published activities), professional (50), premium (unlimited). Null for cities (unlimited).';

create index customers_created_by_idx on public.customers (created_by);
create index customers_is_public_idx on public.customers (is_public);

create trigger customers_touch_updated_at
  before update on public.customers
  for each row execute function private.touch_updated_at();

alter table public.profiles
  add constraint profiles_customer_fkey foreign key (customer) references public.customers (id) on delete set null;

-- ─── moderators ─────────────────────────────────────────────────────────────────
create table public.customer_moderators (
  customer_id text not null references public.customers (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  added_by uuid references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  primary key (customer_id, user_id)
);
comment on table public.customer_moderators is 'Who moderates which customer. Changed only through create_customer, add_moderator_by_email and remove_moderator.';
create index customer_moderators_user_id_idx on public.customer_moderators (user_id);
create index customer_moderators_added_by_idx on public.customer_moderators (added_by);

-- ─── the user's customers list ──────────────────────────────────────────────────
create table public.user_customers (
  user_id uuid not null references public.profiles (id) on delete cascade,
  customer_id text not null references public.customers (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (user_id, customer_id)
);
comment on table public.user_customers is 'Each user''s customers list (newest first by created_at). Own rows only.';
create index user_customers_customer_id_idx on public.user_customers (customer_id);
create index user_customers_user_id_created_at_idx on public.user_customers (user_id, created_at desc);

-- ─── helpers ────────────────────────────────────────────────────────────────────
create function private.is_moderator(p_customer_id text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
    from public.customer_moderators m
    join public.profiles p on p.id = m.user_id
    where m.customer_id = p_customer_id
      and m.user_id = auth.uid()
      and not p.is_disabled
  )
$$;

-- Moderator of that customer, or an administrator (both active).
create function private.can_manage_customer(p_customer_id text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select private.is_admin() or private.is_moderator(p_customer_id)
$$;

-- The customers the caller moderates (active users only). Policies use
-- `customer_id in (select private.moderated_customer_ids())`, evaluated once per statement.
create function private.moderated_customer_ids()
returns setof text
language sql
stable
security definer
set search_path = ''
as $$
  select m.customer_id
  from public.customer_moderators m
  join public.profiles p on p.id = m.user_id
  where m.user_id = auth.uid() and not p.is_disabled
$$;

revoke all on function private.is_moderator(text), private.can_manage_customer(text), private.moderated_customer_ids() from public;
grant execute on function private.is_moderator(text), private.can_manage_customer(text), private.moderated_customer_ids()
  to anon, authenticated, service_role;

-- ─── invariants on moderators ───────────────────────────────────────────────────
-- Anonymous accounts can never be moderators.
create function private.check_moderator_insert()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if exists (select 1 from auth.users u where u.id = new.user_id and u.is_anonymous) then
    raise exception 'Anonymous users cannot be moderators'
      using errcode = 'P0001', detail = 'moderator_anonymous', hint = 'Sign up with an e-mail first.';
  end if;
  return new;
end;
$$;

-- A customer never loses its last moderator (unless the customer itself, or the account, is deleted).
create function private.check_last_moderator()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if exists (select 1 from public.customers c where c.id = old.customer_id)
     and exists (select 1 from auth.users u where u.id = old.user_id)
     and not exists (select 1 from public.customer_moderators m where m.customer_id = old.customer_id) then
    raise exception 'A customer must keep at least one moderator'
      using errcode = 'P0001', detail = 'last_moderator', hint = 'Add another moderator first.';
  end if;
  return null;
end;
$$;

revoke all on function private.check_moderator_insert(), private.check_last_moderator() from public;

create trigger customer_moderators_check_insert
  before insert or update on public.customer_moderators
  for each row execute function private.check_moderator_insert();

create trigger customer_moderators_keep_last
  after delete or update on public.customer_moderators
  for each row execute function private.check_last_moderator();

-- ─── grants and policies ────────────────────────────────────────────────────────
alter table public.customers enable row level security;
alter table public.customer_moderators enable row level security;
alter table public.user_customers enable row level security;

revoke all on table public.customers, public.customer_moderators, public.user_customers from anon, authenticated;

grant select on table public.customers to anon, authenticated;
-- Never id, kind, package, created_by: package changes go through admin_set_customer_package.
grant update (name, tagline, latitude, longitude, zoom, logo_url, primary_color, cover_url, welcome,
  is_public, rewards_reinvestment_pct) on table public.customers to authenticated;
grant delete on table public.customers to authenticated;

create policy "Anyone can read public customers"
  on public.customers for select to anon, authenticated
  using (is_public);

create policy "Moderators and admins can read their customers"
  on public.customers for select to authenticated
  using ((select private.is_admin()) or id in (select private.moderated_customer_ids()));

create policy "Moderators and admins can update their customers"
  on public.customers for update to authenticated
  using ((select private.is_admin()) or id in (select private.moderated_customer_ids()))
  with check ((select private.is_admin()) or id in (select private.moderated_customer_ids()));

create policy "Admins can delete customers"
  on public.customers for delete to authenticated
  using ((select private.is_admin()));

grant select on table public.customer_moderators to authenticated;

create policy "Moderators can see their memberships and their co-moderators"
  on public.customer_moderators for select to authenticated
  using (
    (user_id = (select auth.uid()) and (select private.is_active_user()))
    or (select private.is_admin())
    or customer_id in (select private.moderated_customer_ids())
  );

grant select, insert, delete on table public.user_customers to authenticated;

create policy "Users can read their own customers list"
  on public.user_customers for select to authenticated
  using (user_id = (select auth.uid()) and (select private.is_active_user()));

-- Only customers the user can see (public ones, or ones they manage): the subquery runs under RLS.
create policy "Users can add visible customers to their own list"
  on public.user_customers for insert to authenticated
  with check (
    user_id = (select auth.uid())
    and (select private.is_active_user())
    and exists (select 1 from public.customers c where c.id = customer_id)
  );

create policy "Users can remove customers from their own list"
  on public.user_customers for delete to authenticated
  using (user_id = (select auth.uid()) and (select private.is_active_user()));

-- The access-token hook reads memberships as supabase_auth_admin.
grant select on table public.customer_moderators to supabase_auth_admin;
create policy "The auth service can read memberships for token claims"
  on public.customer_moderators for select to supabase_auth_admin
  using (true);

-- ─── RPC: live slug check ───────────────────────────────────────────────────────
-- 'ok' | 'slug_format' | 'slug_reserved' | 'slug_taken'. Sees private customers too (definer),
-- so a taken slug is reported even when that map is not public; it reveals nothing else.
create function public.check_customer_slug(p_id text)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select case
    when not private.is_valid_slug_format(p_id) then 'slug_format'
    when private.is_reserved_slug(p_id) then 'slug_reserved'
    when exists (select 1 from public.customers c where c.id = p_id) then 'slug_taken'
    else 'ok'
  end
$$;
revoke all on function public.check_customer_slug(text) from public, anon, authenticated;
grant execute on function public.check_customer_slug(text) to anon, authenticated, service_role;

-- ─── RPC: create a customer ─────────────────────────────────────────────────────
-- All or nothing: the customer, the caller as its first moderator, the caller's list entry, and
-- the caller's home customer when they have none. Errors carry a stable `detail` code.
create function public.create_customer(
  p_id text,
  p_name text,
  p_kind text,
  p_latitude double precision,
  p_longitude double precision,
  p_zoom integer default 16
)
returns public.customers
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_slug_status text;
  v_row public.customers;
begin
  if v_uid is null then
    raise exception 'Sign in to create a customer'
      using errcode = '42501', detail = 'not_authenticated';
  end if;
  if private.is_anonymous_user() then
    raise exception 'Anonymous users cannot create customers'
      using errcode = '42501', detail = 'anonymous_user', hint = 'Sign up with an e-mail first.';
  end if;
  if not private.is_active_user() then
    raise exception 'This account is disabled'
      using errcode = '42501', detail = 'user_disabled';
  end if;
  if p_kind is null or p_kind not in ('city', 'hotel') then
    raise exception 'Kind must be city or hotel'
      using errcode = 'P0001', detail = 'invalid_kind';
  end if;
  -- Cities have no package limit: only administrators create them.
  if p_kind = 'city' and not private.is_admin() then
    raise exception 'Only administrators can create city maps'
      using errcode = '42501', detail = 'city_admin_only';
  end if;
  v_slug_status := public.check_customer_slug(p_id);
  if v_slug_status = 'slug_format' then
    raise exception 'The id must be 3 to 63 lowercase letters, digits and single hyphens'
      using errcode = 'P0001', detail = 'slug_format';
  elsif v_slug_status = 'slug_reserved' then
    raise exception 'This id is reserved'
      using errcode = 'P0001', detail = 'slug_reserved';
  elsif v_slug_status = 'slug_taken' then
    raise exception 'This id is already taken'
      using errcode = 'P0001', detail = 'slug_taken';
  end if;
  if p_name is null or char_length(btrim(p_name)) not between 1 and 120 then
    raise exception 'The name must be 1 to 120 characters'
      using errcode = 'P0001', detail = 'invalid_name';
  end if;
  if p_latitude is null or p_longitude is null
     or p_latitude not between -90 and 90 or p_longitude not between -180 and 180 then
    raise exception 'Latitude must be within -90..90 and longitude within -180..180'
      using errcode = 'P0001', detail = 'invalid_position';
  end if;
  if p_zoom is null or p_zoom not between 1 and 20 then
    raise exception 'Zoom must be between 1 and 20'
      using errcode = 'P0001', detail = 'invalid_zoom';
  end if;

  begin
    insert into public.customers (id, kind, name, latitude, longitude, zoom, package, created_by)
    values (p_id, p_kind::public.customer_kind, btrim(p_name), p_latitude, p_longitude, p_zoom,
            case when p_kind = 'hotel' then 'basic'::public.customer_package end, v_uid)
    returning * into v_row;
  exception when unique_violation then
    raise exception 'This id is already taken'
      using errcode = 'P0001', detail = 'slug_taken';
  end;

  insert into public.customer_moderators (customer_id, user_id, added_by) values (p_id, v_uid, v_uid);
  insert into public.user_customers (user_id, customer_id) values (v_uid, p_id)
    on conflict (user_id, customer_id) do nothing;
  update public.profiles set customer = p_id where id = v_uid and customer is null;
  return v_row;
end;
$$;
revoke all on function public.create_customer(text, text, text, double precision, double precision, integer) from public, anon, authenticated;
grant execute on function public.create_customer(text, text, text, double precision, double precision, integer) to authenticated, service_role;

-- ─── RPC: home customer ─────────────────────────────────────────────────────────
-- Sets the caller's home customer (the hotel whose QR code brought them) when they have none yet,
-- and adds it to their list. Returns the home customer id after the call.
create function public.set_home_customer(p_customer_id text)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_home text;
begin
  if v_uid is null or not private.is_active_user() then
    raise exception 'Sign in first'
      using errcode = '42501', detail = 'not_authenticated';
  end if;
  if not exists (select 1 from public.customers c
                 where c.id = p_customer_id and (c.is_public or private.can_manage_customer(c.id))) then
    raise exception 'Customer not found'
      using errcode = 'P0001', detail = 'customer_not_found';
  end if;
  update public.profiles set customer = p_customer_id where id = v_uid and customer is null;
  insert into public.user_customers (user_id, customer_id) values (v_uid, p_customer_id)
    on conflict (user_id, customer_id) do nothing;
  select p.customer into v_home from public.profiles p where p.id = v_uid;
  return v_home;
end;
$$;
revoke all on function public.set_home_customer(text) from public, anon, authenticated;
grant execute on function public.set_home_customer(text) to authenticated, service_role;

-- ─── RPCs: moderators ───────────────────────────────────────────────────────────
create function public.list_customer_moderators(p_customer_id text)
returns table (user_id uuid, email text, display_name text, profile_picture_url text, created_at timestamptz)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not private.can_manage_customer(p_customer_id) then
    raise exception 'Only moderators of this customer and administrators can do this'
      using errcode = '42501', detail = 'not_moderator';
  end if;
  return query
    select m.user_id, p.email, p.display_name, p.profile_picture_url, m.created_at
    from public.customer_moderators m
    join public.profiles p on p.id = m.user_id
    where m.customer_id = p_customer_id
    order by m.created_at, p.email;
end;
$$;
revoke all on function public.list_customer_moderators(text) from public, anon, authenticated;
grant execute on function public.list_customer_moderators(text) to authenticated, service_role;

-- Adds the account with that e-mail as a moderator. Returns its user id.
create function public.add_moderator_by_email(p_customer_id text, p_email text)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user uuid;
begin
  if not private.can_manage_customer(p_customer_id) then
    raise exception 'Only moderators of this customer and administrators can do this'
      using errcode = '42501', detail = 'not_moderator';
  end if;
  select p.id into v_user
  from public.profiles p
  join auth.users u on u.id = p.id
  where lower(p.email) = lower(btrim(p_email)) and not u.is_anonymous
  limit 1;
  if v_user is null then
    raise exception 'No account with this e-mail'
      using errcode = 'P0001', detail = 'user_not_found';
  end if;
  if exists (select 1 from public.profiles p where p.id = v_user and p.is_disabled) then
    raise exception 'This account is disabled'
      using errcode = 'P0001', detail = 'user_disabled';
  end if;
  insert into public.customer_moderators (customer_id, user_id, added_by)
  values (p_customer_id, v_user, auth.uid())
  on conflict (customer_id, user_id) do nothing;
  insert into public.user_customers (user_id, customer_id) values (v_user, p_customer_id)
  on conflict (user_id, customer_id) do nothing;
  return v_user;
end;
$$;
revoke all on function public.add_moderator_by_email(text, text) from public, anon, authenticated;
grant execute on function public.add_moderator_by_email(text, text) to authenticated, service_role;

create function public.remove_moderator(p_customer_id text, p_user_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not private.can_manage_customer(p_customer_id) then
    raise exception 'Only moderators of this customer and administrators can do this'
      using errcode = '42501', detail = 'not_moderator';
  end if;
  -- Lock the customer so two concurrent removals cannot both pass the last-moderator check.
  perform 1 from public.customers c where c.id = p_customer_id for update;
  if not exists (select 1 from public.customer_moderators m
                 where m.customer_id = p_customer_id and m.user_id = p_user_id) then
    raise exception 'This user is not a moderator of this customer'
      using errcode = 'P0001', detail = 'not_a_moderator';
  end if;
  delete from public.customer_moderators m
  where m.customer_id = p_customer_id and m.user_id = p_user_id;
end;
$$;
revoke all on function public.remove_moderator(text, uuid) from public, anon, authenticated;
grant execute on function public.remove_moderator(text, uuid) to authenticated, service_role;

-- ─── RPC: admin sets a package ──────────────────────────────────────────────────
create function public.admin_set_customer_package(p_customer_id text, p_package text)
returns public.customers
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row public.customers;
  v_published integer;
  v_limit integer;
begin
  if not private.is_admin() then
    raise exception 'Only administrators can do this'
      using errcode = '42501', detail = 'not_admin';
  end if;
  if p_package is null or p_package not in ('basic', 'professional', 'premium') then
    raise exception 'Package must be basic, professional or premium'
      using errcode = 'P0001', detail = 'invalid_package';
  end if;
  select * into v_row from public.customers c where c.id = p_customer_id for update;
  if not found then
    raise exception 'Customer not found'
      using errcode = 'P0001', detail = 'customer_not_found';
  end if;
  if v_row.kind <> 'hotel' then
    raise exception 'Only hotels have a package; cities are unlimited'
      using errcode = 'P0001', detail = 'package_city';
  end if;
  v_limit := case p_package when 'basic' then 20 when 'professional' then 50 end;
  if v_limit is not null then
    select count(*) into v_published from public.activities a
    where a.customer_id = p_customer_id and a.published;
    if v_published > v_limit then
      raise exception 'Package limit reached: % allows % published recommendations (% are published)', p_package, v_limit, v_published
        using errcode = 'P0001', detail = 'package_limit', hint = p_package || ':' || v_limit;
    end if;
  end if;
  update public.customers set package = p_package::public.customer_package
  where id = p_customer_id
  returning * into v_row;
  return v_row;
end;
$$;
revoke all on function public.admin_set_customer_package(text, text) from public, anon, authenticated;
grant execute on function public.admin_set_customer_package(text, text) to authenticated, service_role;

-- Execute is granted explicitly above; nothing in private is executable by PUBLIC.
revoke execute on all functions in schema private from public;
