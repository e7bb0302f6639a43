-- Core: the private helper schema, shared validators, and profiles that follow auth.users.
--
-- Every table in public has RLS on. Policies call helpers in `private` (not exposed by the API);
-- the helpers are security definer with an empty search_path and read the profile on every call,
-- so a disabled user's still-valid JWT loses private access at once.

-- ─── private schema ─────────────────────────────────────────────────────────────
create schema if not exists private;
revoke all on schema private from public;
-- Nothing in private is executable unless granted explicitly: each migration that adds functions
-- here ends with `revoke execute on all functions in schema private from public` (per-schema
-- default privileges cannot take away the global PUBLIC grant).

-- ─── enums ──────────────────────────────────────────────────────────────────────
create type public.app_language as enum ('en-US', 'vi-VN', 'fr-FR');

-- ─── pure validators (no data access; used by CHECK constraints, so callable by all API roles) ─
create function private.is_http_url(p_url text, p_max int default 2048)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select p_url is null
    or (char_length(p_url) <= p_max and p_url ~ '^https?://[^\s/?#]+[^\s]*$')
$$;

create function private.are_http_urls(p_urls text[])
returns boolean
language sql
immutable
set search_path = ''
as $$
  select p_urls is null
    or (coalesce(array_length(p_urls, 1), 0) <= 30
        and not exists (select 1 from unnest(p_urls) u where u is null or not private.is_http_url(u)))
$$;

-- A per-language text object: {"en": "...", "vi": "...", "fr": "..."}; only those keys, string values
-- of at most p_max characters; "en" present and non-empty when p_en_required.
create function private.is_i18n_text(p_value jsonb, p_max int, p_en_required boolean default false)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select case
    when p_value is null then not p_en_required
    when jsonb_typeof(p_value) <> 'object' then false
    else
      not exists (
        select 1 from jsonb_each(p_value) e
        where e.key not in ('en', 'vi', 'fr')
           or jsonb_typeof(e.value) <> 'string'
           or char_length(e.value #>> '{}') > p_max
      )
      and (not p_en_required or char_length(btrim(coalesce(p_value ->> 'en', ''))) > 0)
  end
$$;

grant usage on schema private to anon, authenticated, service_role, supabase_auth_admin;
grant execute on function private.is_http_url(text, int), private.are_http_urls(text[]),
  private.is_i18n_text(jsonb, int, boolean) to anon, authenticated, service_role;

-- ─── shared trigger: updated_at ─────────────────────────────────────────────────
create function private.touch_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;

-- ─── profiles ───────────────────────────────────────────────────────────────────
-- One row per auth user (created by a trigger on auth.users). `customer` is the user's home
-- customer (its foreign key is added with the customers table).
create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  email text,
  display_name text,
  profile_picture_url text,
  is_admin boolean not null default false,
  is_disabled boolean not null default false,
  customer text,
  language public.app_language not null default 'en-US',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint profiles_display_name_length check (display_name is null or char_length(display_name) between 1 and 80),
  constraint profiles_email_length check (email is null or char_length(email) <= 320),
  constraint profiles_profile_picture_url_http check (private.is_http_url(profile_picture_url))
);
comment on table public.profiles is 'One per auth user. Users may update display_name, profile_picture_url and language only.';

create index profiles_customer_idx on public.profiles (customer);
create index profiles_email_idx on public.profiles (lower(email));

create trigger profiles_touch_updated_at
  before update on public.profiles
  for each row execute function private.touch_updated_at();

-- ─── helpers used by policies ───────────────────────────────────────────────────
-- They read the profile, never the token: a disabled user loses access with the next statement.
create function private.is_active_user()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.profiles p
    where p.id = auth.uid() and not p.is_disabled
  )
$$;

create function private.is_admin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.profiles p
    where p.id = auth.uid() and p.is_admin and not p.is_disabled
  )
$$;

-- The token says whether the session is anonymous (Supabase anonymous sign-in); the users table
-- is checked too so a forged claim cannot help.
create function private.is_anonymous_user()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((auth.jwt() ->> 'is_anonymous')::boolean, false)
      or coalesce((select u.is_anonymous from auth.users u where u.id = auth.uid()), false)
$$;

revoke all on function private.is_active_user(), private.is_admin(), private.is_anonymous_user() from public;
grant execute on function private.is_active_user(), private.is_admin(), private.is_anonymous_user()
  to anon, authenticated, service_role;

-- ─── profiles follow accounts ───────────────────────────────────────────────────
create function private.handle_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_language public.app_language := 'en-US';
  v_name text;
begin
  if new.raw_user_meta_data ->> 'language' in ('en-US', 'vi-VN', 'fr-FR') then
    v_language := (new.raw_user_meta_data ->> 'language')::public.app_language;
  end if;
  v_name := nullif(btrim(coalesce(
    nullif(btrim(new.raw_user_meta_data ->> 'nickname'), ''),
    nullif(btrim(new.raw_user_meta_data ->> 'name'), ''),
    nullif(btrim(new.raw_user_meta_data ->> 'full_name'), '')
  )), '');
  insert into public.profiles (id, email, display_name, language)
  values (new.id, new.email, left(v_name, 80), v_language)
  on conflict (id) do nothing;
  return new;
end;
$$;

create function private.handle_user_email_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.profiles set email = new.email where id = new.id;
  return new;
end;
$$;

revoke all on function private.handle_new_user(), private.handle_user_email_change() from public;

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function private.handle_new_user();

create trigger on_auth_user_email_changed
  after update of email on auth.users
  for each row when (old.email is distinct from new.email)
  execute function private.handle_user_email_change();

-- ─── profiles: grants and policies ──────────────────────────────────────────────
alter table public.profiles enable row level security;
revoke all on table public.profiles from anon, authenticated;
grant select on table public.profiles to authenticated;
grant update (display_name, profile_picture_url, language) on table public.profiles to authenticated;

-- A user always sees their own row, even when disabled: the app watches is_disabled on it to sign
-- the user out (a realtime change is delivered only for rows the subscriber may read).
create policy "Users can read their own profile"
  on public.profiles for select to authenticated
  using (id = (select auth.uid()));

create policy "Admins can read all profiles"
  on public.profiles for select to authenticated
  using ((select private.is_admin()));

create policy "Active users can update their own profile"
  on public.profiles for update to authenticated
  using (id = (select auth.uid()) and (select private.is_active_user()))
  with check (id = (select auth.uid()));

-- The access-token hook runs as supabase_auth_admin and reads profiles.
grant select on table public.profiles to supabase_auth_admin;
create policy "The auth service can read profiles for token claims"
  on public.profiles for select to supabase_auth_admin
  using (true);

do $$ begin
  if exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    alter publication supabase_realtime add table public.profiles;
  end if;
end $$;

-- Execute is granted explicitly above; nothing in private is executable by PUBLIC.
revoke execute on all functions in schema private from public;
