-- Issue 41, item 3 (first part): a PIN the hotel knows is not the partner's signature (docs/settlement.md
-- "The partner's PIN"; tests supabase/tests/security/partner-pin.test.ts).
--
-- Before: the hotel's moderators could set any partner's PIN, and a redemption with it counted as the partner's
-- confirmation (never disputable).
-- Now:
--   * Once a partner has a staff account (an active one), only its staff set or change its PIN: the hotel's
--     moderators and administrators get 42501 pin_partner_only. A partner without one (onboarding) gets its
--     PIN from the hotel.
--   * Every change of a PIN, by anyone (the RPC, the service role, SQL), is recorded in
--     public.partner_pin_changes (who, as partner / hotel / platform, when), shown to the partner's staff
--     (partner_pin_changes(activity)) and mailed to each of its active staff in their language.

create table public.partner_pin_changes (
  id bigint generated always as identity primary key,
  activity_id uuid not null references public.activities (id) on delete cascade,
  changed_by uuid references public.profiles (id) on delete set null,
  changed_as text not null,
  changed_at timestamptz not null default now(),
  constraint partner_pin_changes_as check (changed_as in ('partner', 'hotel', 'platform'))
);
comment on table public.partner_pin_changes is
  'Every change of a partner''s redemption PIN: who, as what (partner staff, the hotel, the platform), when. Read through partner_pin_changes().';
create index partner_pin_changes_activity_idx on public.partner_pin_changes (activity_id, changed_at);
create index partner_pin_changes_changed_by_idx on public.partner_pin_changes (changed_by);
alter table public.partner_pin_changes enable row level security;
revoke all on table public.partner_pin_changes from anon, authenticated;

-- The PINs set before this migration: their last change, as far as partner_pins tells it.
insert into public.partner_pin_changes (activity_id, changed_by, changed_as, changed_at)
select p.activity_id, p.updated_by,
       case when p.updated_by is null then 'platform'
            when exists (select 1 from public.partner_staff s where s.activity_id = p.activity_id and s.user_id = p.updated_by)
              then 'partner'
            else 'hotel' end,
       p.updated_at
from public.partner_pins p;

-- Whether the partner has an active staff account (its PIN is then its own).
create function private.partner_has_staff(p_activity_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.partner_staff s join public.profiles p on p.id = s.user_id
                 where s.activity_id = p_activity_id and not p.is_disabled)
$$;

-- The mail to a staff member about a change of their PIN (six languages; the link opens the partner portal).
create function private.pin_change_mail(p_language text, p_partner text, p_who text, p_when text,
  out subject text, out body text)
language plpgsql
immutable
set search_path = ''
as $$
begin
  case left(coalesce(p_language, 'en'), 2)
    when 'vi' then
      subject := format('Mã PIN đổi voucher của %s đã được thay đổi', p_partner);
      body := format(E'Mã PIN đổi voucher của %s đã được %s thay đổi lúc %s.\nCác quầy đang đăng nhập bằng mã PIN cũ đã bị đăng xuất.\n\nNếu nhóm của bạn không thay đổi, hãy đặt mã PIN mới ngay trong cổng đối tác:\n{{ .SiteURL }}/partner\n', p_partner, p_who, p_when);
    when 'fr' then
      subject := format('Le code PIN de %s a été changé', p_partner);
      body := format(E'Le code PIN de validation des bons de %s a été changé par %s le %s.\nLes caisses connectées avec l''ancien code sont déconnectées.\n\nSi votre équipe ne l''a pas changé, choisissez tout de suite un nouveau code dans le portail partenaire :\n{{ .SiteURL }}/partner\n', p_partner, p_who, p_when);
    when 'zh' then
      subject := format('%s 的兑换 PIN 码已更改', p_partner);
      body := format(E'%s 的优惠券兑换 PIN 码已于 %s 由 %s 更改。\n使用旧 PIN 码登录的收银台已退出登录。\n\n如果不是您的团队更改的，请立即在合作伙伴门户设置新的 PIN 码：\n{{ .SiteURL }}/partner\n', p_partner, p_when, p_who);
    when 'ko' then
      subject := format('%s의 쿠폰 사용 PIN이 변경됐어요', p_partner);
      body := format(E'%s의 쿠폰 사용 PIN이 %s에 %s에 의해 변경됐어요.\n이전 PIN으로 로그인된 계산대는 로그아웃됐어요.\n\n팀에서 변경하지 않았다면 지금 파트너 포털에서 새 PIN을 설정하세요:\n{{ .SiteURL }}/partner\n', p_partner, p_when, p_who);
    when 'ja' then
      subject := format('%s のクーポン利用 PIN が変更されました', p_partner);
      body := format(E'%s のクーポン利用 PIN が %s に %s によって変更されました。\n古い PIN でサインインしていたレジはサインアウトされました。\n\nチームで変更していない場合は、すぐにパートナーポータルで新しい PIN を設定してください：\n{{ .SiteURL }}/partner\n', p_partner, p_when, p_who);
    else
      subject := format('The redemption PIN of %s was changed', p_partner);
      body := format(E'The voucher redemption PIN of %s was changed by %s on %s.\nTills signed in with the old PIN are signed out.\n\nIf your team did not change it, set a new PIN now in the partner portal:\n{{ .SiteURL }}/partner\n', p_partner, p_who, p_when);
  end case;
end;
$$;
revoke all on function private.pin_change_mail(text, text, text, text) from public;

-- Any change of a PIN: recorded, and mailed to the partner's active staff.
create function private.record_pin_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_activity public.activities;
  v_as text;
  v_who text;
  v_staff record;
  v_mail record;
begin
  if tg_op = 'UPDATE' and new.pin_hash is not distinct from old.pin_hash then
    return null;
  end if;
  select * into v_activity from public.activities a where a.id = new.activity_id;
  v_as := case when auth.uid() is null then 'platform'
               when private.is_partner_staff(new.activity_id) then 'partner'
               when private.can_manage_customer(v_activity.customer_id) then 'hotel'
               else 'platform' end;
  insert into public.partner_pin_changes (activity_id, changed_by, changed_as) values (new.activity_id, auth.uid(), v_as);
  select coalesce(nullif(btrim(p.display_name), ''), p.email) into v_who from public.profiles p where p.id = auth.uid();
  for v_staff in
    select p.email, p.language::text as language from public.partner_staff s join public.profiles p on p.id = s.user_id
    where s.activity_id = new.activity_id and not p.is_disabled and p.email is not null
  loop
    select * into v_mail from private.pin_change_mail(v_staff.language,
      coalesce(v_activity.title ->> left(coalesce(v_staff.language, 'en'), 2), v_activity.title ->> 'en', v_activity.slug),
      coalesce(v_who, 'Guestmap'),
      to_char(now() at time zone private.customer_tz(v_activity.customer_id), 'YYYY-MM-DD HH24:MI')
        || ' (' || private.customer_tz(v_activity.customer_id) || ')');
    insert into private.mail_outbox (to_email, subject, body_text) values (v_staff.email, v_mail.subject, v_mail.body);
  end loop;
  return null;
end;
$$;
revoke all on function private.record_pin_change() from public, anon, authenticated;
create trigger partner_pins_record_change
  after insert or update on public.partner_pins
  for each row execute function private.record_pin_change();

-- ─── set_partner_pin: the partner's own once it has staff ───────────────────────
create or replace function public.set_partner_pin(p_activity_id uuid, p_pin text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_customer text;
begin
  select a.customer_id into v_customer from public.activities a where a.id = p_activity_id;
  if not private.is_partner_staff(p_activity_id) then
    perform private.require_manager(coalesce(v_customer, ''));
    if private.partner_has_staff(p_activity_id) then
      raise exception 'This partner has its own staff: only they set or change its PIN, in the partner portal'
        using errcode = '42501', detail = 'pin_partner_only';
    end if;
  end if;
  if not exists (select 1 from public.activities a where a.id = p_activity_id and a.is_partner) then
    raise exception 'Only partners have a PIN' using errcode = 'P0001', detail = 'not_partner';
  end if;
  if p_pin is null or p_pin !~ '^[0-9]{6,12}$' then
    raise exception 'The PIN must be 6 to 12 digits' using errcode = 'P0001', detail = 'invalid_pin';
  end if;
  insert into public.partner_pins (activity_id, pin_hash, pin_length, updated_by, updated_at)
  values (p_activity_id, extensions.crypt(p_pin, extensions.gen_salt('bf', 8)), char_length(p_pin), auth.uid(), now())
  on conflict (activity_id) do update
    set pin_hash = excluded.pin_hash, pin_length = excluded.pin_length, updated_by = excluded.updated_by,
        updated_at = excluded.updated_at;
  delete from private.partner_pin_failures f where f.activity_id = p_activity_id;
end;
$$;
revoke all on function public.set_partner_pin(uuid, text) from public, anon, authenticated;
grant execute on function public.set_partner_pin(uuid, text) to authenticated, service_role;

-- ─── the history, for the partner's staff, its hotel's moderators and admins ─────
create function public.partner_pin_changes(p_activity_id uuid)
returns table (changed_at timestamptz, changed_as text, changed_by text)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_partner_reader(p_activity_id);
  return query
    select c.changed_at, c.changed_as,
           case when c.changed_as = 'platform' then null
                else (select coalesce(nullif(btrim(p.display_name), ''), p.email) from public.profiles p where p.id = c.changed_by) end
    from public.partner_pin_changes c
    where c.activity_id = p_activity_id
    order by c.changed_at desc, c.id desc
    limit 50;
end;
$$;
revoke all on function public.partner_pin_changes(uuid) from public, anon, authenticated;
grant execute on function public.partner_pin_changes(uuid) to authenticated, service_role;

revoke execute on all functions in schema private from public;
