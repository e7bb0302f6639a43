-- Activities (curated recommendations on a customer's map), the package limit on published ones,
-- and users' favourites.

create type public.activity_category as enum (
  'food', 'cafe', 'nightlife', 'sight', 'culture', 'shopping', 'wellness', 'tour', 'transport',
  'family', 'nature', 'service'
);

-- ─── opening hours ──────────────────────────────────────────────────────────────
-- A weekly schedule: {"mon": [["08:00","22:00"]], "tue": [...], ..., "sun": [...]}.
-- Keys mon..sun; each a list of [open, close] "HH:MM" pairs (00:00..24:00). A close time earlier
-- than the open time runs past midnight (["18:00","02:00"]). [] or a missing day = closed that day;
-- [["00:00","24:00"]] = open all day; a null opening_hours = unknown.
create function private.is_valid_opening_hours(p_hours jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select p_hours is null or (
    jsonb_typeof(p_hours) = 'object'
    and not exists (
      select 1 from jsonb_each(p_hours) d
      where d.key not in ('mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun')
         or jsonb_typeof(d.value) <> 'array'
         or jsonb_array_length(d.value) > 6
         or exists (
           select 1 from jsonb_array_elements(d.value) r
           where jsonb_typeof(r) <> 'array'
              or jsonb_array_length(r) <> 2
              or jsonb_typeof(r -> 0) <> 'string'
              or jsonb_typeof(r -> 1) <> 'string'
              or (r ->> 0) !~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'
              or (r ->> 1) !~ '^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$'
              or (r ->> 0) = (r ->> 1)
         )
    )
  )
$$;
grant execute on function private.is_valid_opening_hours(jsonb) to anon, authenticated, service_role;

-- ─── activities ─────────────────────────────────────────────────────────────────
create table public.activities (
  id uuid primary key default gen_random_uuid(),
  customer_id text not null references public.customers (id) on delete cascade,
  slug text not null,
  category public.activity_category not null,
  title jsonb not null,
  description jsonb not null default '{}'::jsonb,
  latitude double precision not null,
  longitude double precision not null,
  address text,
  address_local text,
  phone text,
  website text,
  price_level smallint,
  opening_hours jsonb,
  photos text[] not null default '{}',
  tags text[] not null default '{}',
  is_partner boolean not null default false,
  commission_rate numeric(4, 3),
  guest_offer jsonb,
  sort_order integer not null default 0,
  published boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint activities_customer_id_slug_key unique (customer_id, slug),
  constraint activities_slug_format check (char_length(slug) between 1 and 100 and slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  constraint activities_title_i18n check (private.is_i18n_text(title, 120, true)),
  constraint activities_description_i18n check (private.is_i18n_text(description, 4000)),
  constraint activities_latitude_range check (latitude between -90 and 90),
  constraint activities_longitude_range check (longitude between -180 and 180),
  constraint activities_address_length check (address is null or char_length(address) <= 300),
  constraint activities_address_local_length check (address_local is null or char_length(address_local) <= 300),
  constraint activities_phone_format check (phone is null or phone ~ '^\+?[0-9 ()./-]{3,32}$'),
  constraint activities_website_http check (private.is_http_url(website)),
  constraint activities_price_level_range check (price_level is null or price_level between 1 and 4),
  constraint activities_opening_hours_schedule check (private.is_valid_opening_hours(opening_hours)),
  constraint activities_photos_http check (private.are_http_urls(photos)),
  constraint activities_tags_valid check (
    coalesce(array_length(tags, 1), 0) <= 20 and array_position(tags, null) is null
    and char_length(array_to_string(tags, '')) <= 20 * 40
  ),
  constraint activities_commission_rate_partners check (
    commission_rate is null or (is_partner and commission_rate >= 0 and commission_rate <= 0.5)
  ),
  constraint activities_guest_offer_i18n check (guest_offer is null or (is_partner and private.is_i18n_text(guest_offer, 300)))
);
comment on table public.activities is 'Curated recommendations of a customer. Published ones of public customers are readable by anyone.';
comment on column public.activities.opening_hours is 'Weekly schedule {"mon":[["08:00","22:00"]],...}; close < open runs past midnight; [] or missing day = closed; null = unknown.';
comment on column public.activities.commission_rate is 'Partners only: share of guest spend, 0..0.5.';

create index activities_customer_id_published_sort_idx on public.activities (customer_id, published, sort_order);
create index activities_published_idx on public.activities (published);

create trigger activities_touch_updated_at
  before update on public.activities
  for each row execute function private.touch_updated_at();

-- ─── package limits ─────────────────────────────────────────────────────────────
-- Basic 20, professional 50 published activities per hotel; premium and cities unlimited.
-- The customer row is locked so concurrent publications cannot overshoot the limit.
create function private.enforce_package_limit()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_package public.customer_package;
  v_limit integer;
  v_count integer;
begin
  if not new.published then
    return new;
  end if;
  if tg_op = 'UPDATE' and old.published and old.customer_id = new.customer_id then
    return new;
  end if;
  select c.package into v_package from public.customers c where c.id = new.customer_id for update;
  v_limit := case v_package when 'basic' then 20 when 'professional' then 50 end;
  if v_limit is null then
    return new;
  end if;
  select count(*) into v_count
  from public.activities a
  where a.customer_id = new.customer_id and a.published and a.id <> new.id;
  if v_count >= v_limit then
    raise exception 'Package limit reached: % allows % published recommendations', v_package, v_limit
      using errcode = 'P0001', detail = 'package_limit', hint = v_package || ':' || v_limit;
  end if;
  return new;
end;
$$;
revoke all on function private.enforce_package_limit() from public;

create trigger activities_enforce_package_limit
  before insert or update of published, customer_id on public.activities
  for each row execute function private.enforce_package_limit();

-- ─── favourites ─────────────────────────────────────────────────────────────────
create table public.favourites (
  user_id uuid not null references public.profiles (id) on delete cascade,
  activity_id uuid not null references public.activities (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (user_id, activity_id)
);
comment on table public.favourites is 'A user''s saved activities. Own rows only.';
create index favourites_activity_id_idx on public.favourites (activity_id);

-- ─── grants and policies ────────────────────────────────────────────────────────
alter table public.activities enable row level security;
alter table public.favourites enable row level security;
revoke all on table public.activities, public.favourites from anon, authenticated;

grant select on table public.activities to anon, authenticated;
grant insert, update, delete on table public.activities to authenticated;

create policy "Anyone can read published activities of public customers"
  on public.activities for select to anon, authenticated
  using (published and exists (select 1 from public.customers c where c.id = customer_id and c.is_public));

create policy "Moderators and admins can read all activities of their customers"
  on public.activities for select to authenticated
  using ((select private.is_admin()) or customer_id in (select private.moderated_customer_ids()));

create policy "Moderators and admins can add activities to their customers"
  on public.activities for insert to authenticated
  with check ((select private.is_admin()) or customer_id in (select private.moderated_customer_ids()));

create policy "Moderators and admins can update activities of their customers"
  on public.activities for update to authenticated
  using ((select private.is_admin()) or customer_id in (select private.moderated_customer_ids()))
  with check ((select private.is_admin()) or customer_id in (select private.moderated_customer_ids()));

create policy "Moderators and admins can delete activities of their customers"
  on public.activities for delete to authenticated
  using ((select private.is_admin()) or customer_id in (select private.moderated_customer_ids()));

grant select, insert, delete on table public.favourites to authenticated;

create policy "Users can read their own favourites"
  on public.favourites for select to authenticated
  using (user_id = (select auth.uid()) and (select private.is_active_user()));

-- Only activities the user can see (the subquery runs under RLS).
create policy "Users can save visible activities as favourites"
  on public.favourites for insert to authenticated
  with check (
    user_id = (select auth.uid())
    and (select private.is_active_user())
    and exists (select 1 from public.activities a where a.id = activity_id)
  );

create policy "Users can remove their own favourites"
  on public.favourites for delete to authenticated
  using (user_id = (select auth.uid()) and (select private.is_active_user()));

-- Execute is granted explicitly above; nothing in private is executable by PUBLIC.
revoke execute on all functions in schema private from public;
