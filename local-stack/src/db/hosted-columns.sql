-- Columns hosted's auth and storage tables have that the stack's services do not use (yet), so that a project's
-- migrations, seeds and queries may refer to them as on hosted: auth's flow-state, session and factor columns
-- of later GoTrue migrations, storage's bucket type and object versioning columns. Types, nullability and
-- defaults as hosted has them (conformance/hosted-catalogue: the facts file and its test). Run on every start
-- after auth-mfa.sql, so a database bootstrapped by an older stack gets them too; safe to re-run.

-- ─── auth ───────────────────────────────────────────────────────────────────────
alter table auth.flow_state
  add column if not exists invite_token text,
  add column if not exists referrer text,
  add column if not exists oauth_client_state_id uuid,
  add column if not exists linking_target_id uuid,
  add column if not exists email_optional boolean not null default false;
-- Hosted's GoTrue keeps flow states that have no PKCE code yet.
alter table auth.flow_state alter column auth_code drop not null;
alter table auth.flow_state alter column code_challenge drop not null;
alter table auth.flow_state alter column code_challenge_method drop not null;

alter table auth.sessions
  add column if not exists refresh_token_hmac_key text,
  add column if not exists refresh_token_counter bigint,
  add column if not exists oauth_client_id uuid,
  add column if not exists scopes text;

alter table auth.mfa_factors add column if not exists last_webauthn_challenge_data jsonb;

-- ─── storage ────────────────────────────────────────────────────────────────────
do $$ begin
  create type storage.buckettype as enum ('STANDARD', 'ANALYTICS', 'VECTOR');
exception when duplicate_object then null; end $$;
alter type storage.buckettype owner to supabase_storage_admin;
alter table storage.buckets
  add column if not exists type storage.buckettype not null default 'STANDARD',
  add column if not exists versioning_status text not null default 'DISABLED';
alter table storage.objects
  add column if not exists archived_at timestamptz,
  add column if not exists is_delete_marker boolean not null default false,
  add column if not exists is_versioned boolean not null default false;

-- Row level security on auth's tables, as GoTrue's migrations enable it (no policies: only their owner and roles
-- with BYPASSRLS, postgres included, read them; the Data API's roles never do).
do $$
declare t text;
begin
  foreach t in array array['audit_log_entries', 'flow_state', 'identities', 'mfa_amr_claims', 'mfa_challenges',
    'mfa_factors', 'one_time_tokens', 'refresh_tokens', 'sessions', 'users'] loop
    if to_regclass('auth.' || t) is not null then
      execute format('alter table auth.%I enable row level security', t);
    end if;
  end loop;
end $$;

-- ─── storage's operation helpers ──────────────────────────────────────────────────────────────────────────────
-- Functions hosted's storage schema has for policies that depend on what a request does: the operation name the
-- storage service sets for each route (src/storage/operations.ts, e.g. `storage.object.list`), compared with
-- the `storage.` prefix optional on either side. storage.operation() is that setting; allow_only_operation is
-- true for exactly one operation, allow_any_operation for any of a list; empty names never match.
create or replace function storage.operation() returns text language sql stable as $$
  select current_setting('storage.operation', true)
$$;
create or replace function storage.allow_only_operation(expected_operation text) returns boolean
language sql stable as $$
  select coalesce(nullif(expected_operation, '') is not null
    and regexp_replace(storage.operation(), '^storage\.', '') = regexp_replace(expected_operation, '^storage\.', ''),
    false)
$$;
create or replace function storage.allow_any_operation(expected_operations text[]) returns boolean
language sql stable as $$
  select coalesce(regexp_replace(storage.operation(), '^storage\.', '') in (
    select regexp_replace(e, '^storage\.', '') from unnest(expected_operations) as e where coalesce(e, '') <> ''
  ), false)
$$;
alter function storage.operation() owner to supabase_storage_admin;
alter function storage.allow_only_operation(text) owner to supabase_storage_admin;
alter function storage.allow_any_operation(text[]) owner to supabase_storage_admin;
grant execute on function storage.operation(), storage.allow_only_operation(text), storage.allow_any_operation(text[])
  to anon, authenticated, service_role;
