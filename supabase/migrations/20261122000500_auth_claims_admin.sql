-- Auth: the custom access-token hook (claims for the UI) and administrator user operations.

-- ─── custom access token hook ───────────────────────────────────────────────────
-- Adds to the token's claims: is_admin (boolean), moderator ({customerId: true}) and customer
-- (home customer id or null). Claims are hints for the UI; the database re-checks everything.
-- A disabled account gets no privileges in its claims. Runs as supabase_auth_admin (not definer).
create function public.custom_access_token_hook(event jsonb)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  v_uid uuid := nullif(event ->> 'user_id', '')::uuid;
  v_claims jsonb := coalesce(event -> 'claims', '{}'::jsonb);
  v_profile record;
  v_moderator jsonb := '{}'::jsonb;
begin
  select p.is_admin, p.is_disabled, p.customer into v_profile
  from public.profiles p where p.id = v_uid;

  if found and not v_profile.is_disabled then
    select coalesce(jsonb_object_agg(m.customer_id, true), '{}'::jsonb) into v_moderator
    from public.customer_moderators m where m.user_id = v_uid;
  end if;

  v_claims := v_claims
    || jsonb_build_object(
      'is_admin', coalesce(v_profile.is_admin and not v_profile.is_disabled, false),
      'moderator', v_moderator,
      'customer', case when v_profile.is_disabled is false then to_jsonb(v_profile.customer) else 'null'::jsonb end
    );
  return jsonb_build_object('claims', v_claims);
end;
$$;
revoke all on function public.custom_access_token_hook(jsonb) from public, anon, authenticated, service_role;
grant execute on function public.custom_access_token_hook(jsonb) to supabase_auth_admin;

-- ─── RPC: administrators disable or enable an account ───────────────────────────
-- Sets profiles.is_disabled, bans the account (auth refuses sign-in and refresh: user_banned) and
-- ends its sessions. Helpers read the flag, so the user's current JWT loses private access at once.
create function public.admin_set_user_disabled(p_user_id uuid, p_disabled boolean)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not private.is_admin() then
    raise exception 'Only administrators can do this'
      using errcode = '42501', detail = 'not_admin';
  end if;
  if p_user_id is null or p_disabled is null then
    raise exception 'User and flag are required'
      using errcode = 'P0001', detail = 'invalid_argument';
  end if;
  if p_user_id = auth.uid() then
    raise exception 'Administrators cannot disable themselves'
      using errcode = 'P0001', detail = 'cannot_disable_self';
  end if;
  update public.profiles set is_disabled = p_disabled where id = p_user_id;
  if not found then
    raise exception 'User not found'
      using errcode = 'P0001', detail = 'user_not_found';
  end if;
  update auth.users
  set banned_until = case when p_disabled then timestamptz '2999-12-31 00:00:00+00' end,
      updated_at = now()
  where id = p_user_id;
  if p_disabled then
    delete from auth.sessions s where s.user_id = p_user_id;
  end if;
end;
$$;
revoke all on function public.admin_set_user_disabled(uuid, boolean) from public, anon, authenticated;
grant execute on function public.admin_set_user_disabled(uuid, boolean) to authenticated, service_role;
