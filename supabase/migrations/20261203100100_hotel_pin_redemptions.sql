-- Issue 41, item 3 (second part): a redemption with a PIN the hotel set is not the partner's confirmation
-- (docs/settlement.md "The partner's PIN"; tests supabase/tests/security/hotel-pin.test.ts).
--
-- Before: every voucher redemption was recorded `confirmed` and could not be disputed, even when the PIN in force
-- had been set by the hotel (a partner still onboarding, without a staff account) — the hotel could redeem its
-- guests' vouchers at its partner and bill the partner alone.
-- Now:
--   * The PIN in force is the partner's when its last change (partner_pin_changes) was made by its staff
--     (`partner`); set by the hotel or the platform (or with no history), it is not the partner's signature.
--   * A redemption under such a PIN, by any path (redeem_voucher, a till, a direct insert), is recorded `pending`
--     with `pin_set_by_hotel`: the partner's staff may confirm or dispute it like a sale the hotel typed.
--   * The partner is told: the hotel fills in the partner's contact address (and its language) with
--     set_partner_contact; each such redemption is mailed to that address and to the partner's active staff, with
--     the amount, the date to dispute by and a link to the month's items in the partner portal.
--   * The partner may dispute until the end of the 7th day after the hotel's month ends: a month with such sales
--     still pending cannot be closed before then (partner_may_dispute); at the close, those still pending count as
--     confirmed (decided_at = the close, decided_by null) and are billed.

-- ─── the partner's contact address ──────────────────────────────────────────────
create table public.partner_contacts (
  activity_id uuid primary key references public.activities (id) on delete cascade,
  email text not null,
  language text not null default 'en',
  updated_by uuid references public.profiles (id) on delete set null,
  updated_at timestamptz not null default now(),
  constraint partner_contacts_email check (char_length(email) <= 254 and email ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$'),
  constraint partner_contacts_language check (language in ('en', 'vi', 'fr', 'zh', 'ko', 'ja'))
);
comment on table public.partner_contacts is
  'A partner''s contact address, filled in by its hotel: it is told of redemptions made with a PIN the hotel set.';
create index partner_contacts_updated_by_idx on public.partner_contacts (updated_by);
alter table public.partner_contacts enable row level security;
revoke all on table public.partner_contacts from anon, authenticated;
grant select on table public.partner_contacts to authenticated;
create policy "The hotel's moderators, the partner's staff and admins read the contact"
  on public.partner_contacts for select to authenticated
  using ((select private.is_admin())
         or activity_id in (select a.id from public.activities a where a.customer_id in (select private.moderated_customer_ids()))
         or activity_id in (select private.staff_activity_ids()));

create or replace function public.set_partner_contact(p_activity_id uuid, p_email text, p_language text default 'en')
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_customer text;
  v_email text := nullif(lower(btrim(coalesce(p_email, ''))), '');
begin
  select a.customer_id into v_customer from public.activities a where a.id = p_activity_id;
  perform private.require_manager(coalesce(v_customer, ''));
  if not exists (select 1 from public.activities a where a.id = p_activity_id and a.is_partner) then
    raise exception 'Only partners have a contact address' using errcode = 'P0001', detail = 'not_partner';
  end if;
  if v_email is null then
    delete from public.partner_contacts c where c.activity_id = p_activity_id;
    return;
  end if;
  if char_length(v_email) > 254 or v_email !~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$' then
    raise exception 'Enter a valid e-mail address' using errcode = 'P0001', detail = 'invalid_email';
  end if;
  if coalesce(p_language, 'en') not in ('en', 'vi', 'fr', 'zh', 'ko', 'ja') then
    raise exception 'Unknown language' using errcode = 'P0001', detail = 'invalid_language';
  end if;
  insert into public.partner_contacts (activity_id, email, language, updated_by, updated_at)
  values (p_activity_id, v_email, coalesce(p_language, 'en'), auth.uid(), now())
  on conflict (activity_id) do update
    set email = excluded.email, language = excluded.language, updated_by = excluded.updated_by, updated_at = excluded.updated_at;
end;
$$;
revoke all on function public.set_partner_contact(uuid, text, text) from public, anon, authenticated;
grant execute on function public.set_partner_contact(uuid, text, text) to authenticated, service_role;

-- ─── whose PIN is in force ──────────────────────────────────────────────────────
create or replace function private.pin_is_partners(p_activity_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select c.changed_as = 'partner' from public.partner_pin_changes c
                   where c.activity_id = p_activity_id order by c.changed_at desc, c.id desc limit 1), false)
$$;

-- The end of the partner's time to dispute a month's redemptions under a hotel PIN: the end of the 7th day after
-- the hotel's month ends (in the hotel's time zone).
create or replace function private.hotel_pin_dispute_deadline(p_customer_id text, p_month date)
returns timestamptz
language sql
stable
security definer
set search_path = ''
as $$
  select ((r.range_to at time zone private.customer_tz(p_customer_id)) + interval '7 days')
           at time zone private.customer_tz(p_customer_id)
  from private.month_range(p_customer_id, date_trunc('month', p_month)::date) r
$$;

-- ─── redemptions under a hotel PIN: pending, flagged, never re-flagged ──────────
alter table public.partner_transactions add column pin_set_by_hotel boolean not null default false;
comment on column public.partner_transactions.pin_set_by_hotel is
  'A voucher redeemed with a PIN the hotel (or the platform) set: pending until the partner answers or the month closes after its dispute time.';
alter table public.partner_transactions
  drop constraint partner_transactions_voucher_confirmed,
  add constraint partner_transactions_voucher_confirmed check (voucher_id is null or status = 'confirmed' or pin_set_by_hotel),
  add constraint partner_transactions_hotel_pin_voucher check (not pin_set_by_hotel or voucher_id is not null);

create or replace function private.partner_transactions_hotel_pin()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' then
    if new.pin_set_by_hotel is distinct from old.pin_set_by_hotel then
      raise exception 'A transaction''s figures never change' using errcode = 'P0001', detail = 'transaction_immutable';
    end if;
    return new;
  end if;
  new.pin_set_by_hotel := new.voucher_id is not null and not private.pin_is_partners(new.activity_id);
  if new.pin_set_by_hotel then
    new.status := 'pending';
    new.decided_at := null;
    new.decided_by := null;
  end if;
  return new;
end;
$$;
create trigger partner_transactions_hotel_pin
  before insert or update on public.partner_transactions
  for each row execute function private.partner_transactions_hotel_pin();

-- The mail about one such redemption (six languages; the link opens the month's items in the partner portal).
create or replace function private.hotel_pin_sale_mail(p_language text, p_partner text, p_amount text, p_when text,
  p_until text, p_link text, out subject text, out body text)
language plpgsql
immutable
set search_path = ''
as $$
begin
  case left(coalesce(p_language, 'en'), 2)
    when 'vi' then
      subject := format('%s: một voucher đã được đổi bằng mã PIN do khách sạn đặt', p_partner);
      body := format(E'Một voucher đã được đổi tại %s lúc %s, số tiền %s, bằng mã PIN do khách sạn đặt (không phải do nhóm của bạn).\nGiao dịch này chờ bạn xác nhận. Nếu không đúng, bạn có thể khiếu nại đến hết ngày %s; sau đó giao dịch được tính là đã xác nhận.\n\nXem các giao dịch của tháng trong cổng đối tác (cần tài khoản nhân viên mà khách sạn mời bạn tạo):\n%s\n\nĐể chỉ nhóm của bạn đổi được voucher, hãy đặt mã PIN của riêng bạn trong cổng đối tác.\n', p_partner, p_when, p_amount, p_until, p_link);
    when 'fr' then
      subject := format('%s : un bon validé avec un code PIN choisi par l''hôtel', p_partner);
      body := format(E'Un bon a été validé chez %s le %s, pour %s, avec un code PIN choisi par l''hôtel (et non par votre équipe).\nCette vente attend votre confirmation. Si elle n''est pas juste, vous pouvez la contester jusqu''à la fin du %s ; ensuite elle compte comme confirmée.\n\nLes ventes du mois dans le portail partenaire (avec le compte d''équipe auquel l''hôtel vous invite) :\n%s\n\nPour que seule votre équipe valide les bons, choisissez votre propre code PIN dans le portail partenaire.\n', p_partner, p_when, p_amount, p_until, p_link);
    when 'zh' then
      subject := format('%s：一张优惠券已用酒店设置的 PIN 码兑换', p_partner);
      body := format(E'%s 于 %s 兑换了一张优惠券，金额 %s，使用的是酒店设置的 PIN 码（而非您的团队）。\n这笔交易等待您确认。如有不符，您可在 %s 结束前提出异议；之后将视为已确认。\n\n在合作伙伴门户查看本月交易（需使用酒店邀请您创建的员工账户）：\n%s\n\n如需仅由您的团队兑换优惠券，请在合作伙伴门户设置您自己的 PIN 码。\n', p_partner, p_when, p_amount, p_until, p_link);
    when 'ko' then
      subject := format('%s: 호텔이 설정한 PIN으로 쿠폰이 사용됐어요', p_partner);
      body := format(E'%s에서 %s에 %s 금액의 쿠폰이 호텔이 설정한 PIN(팀이 설정한 PIN이 아님)으로 사용됐어요.\n이 거래는 확인을 기다리고 있어요. 맞지 않다면 %s까지 이의를 제기할 수 있고, 그 후에는 확인된 것으로 처리돼요.\n\n파트너 포털에서 이번 달 거래를 확인하세요(호텔이 초대한 직원 계정 필요):\n%s\n\n팀만 쿠폰을 사용 처리하려면 파트너 포털에서 직접 PIN을 설정하세요.\n', p_partner, p_when, p_amount, p_until, p_link);
    when 'ja' then
      subject := format('%s：ホテルが設定した PIN でクーポンが利用されました', p_partner);
      body := format(E'%s で %s に %s のクーポンが、ホテルが設定した PIN（チームが設定したものではありません）で利用されました。\nこの取引はあなたの確認を待っています。誤りがあれば %s の終わりまで異議を申し立てられます。その後は確認済みとして扱われます。\n\nパートナーポータルで今月の取引を確認してください（ホテルから招待されたスタッフアカウントが必要です）：\n%s\n\nチームだけがクーポンを利用処理できるよう、パートナーポータルで独自の PIN を設定してください。\n', p_partner, p_when, p_amount, p_until, p_link);
    else
      subject := format('%s: a voucher was redeemed with a PIN the hotel set', p_partner);
      body := format(E'A voucher was redeemed at %s on %s, for %s, with a PIN the hotel set (not your team).\nThis sale waits for your confirmation. If it is wrong, you can dispute it until the end of %s; after that it counts as confirmed.\n\nSee the month''s sales in the partner portal (with the staff account the hotel invites you to):\n%s\n\nSo that only your team can redeem vouchers, set your own PIN in the partner portal.\n', p_partner, p_when, p_amount, p_until, p_link);
  end case;
end;
$$;

create or replace function private.mail_hotel_pin_sale()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_activity public.activities;
  v_tz text;
  v_minor smallint;
  v_to record;
  v_mail record;
  v_link text;
begin
  if not new.pin_set_by_hotel then
    return null;
  end if;
  select * into v_activity from public.activities a where a.id = new.activity_id;
  v_tz := private.customer_tz(new.customer_id);
  select c.minor_units into v_minor from public.currencies c where c.code = new.currency;
  v_link := '{{ .SiteURL }}/partner?partner=' || new.activity_id::text || '&month=' || to_char(new.hotel_month, 'YYYY-MM');
  for v_to in
    select c.email, c.language from public.partner_contacts c where c.activity_id = new.activity_id
    union
    select p.email, left(coalesce(p.language::text, 'en'), 2) from public.partner_staff s join public.profiles p on p.id = s.user_id
    where s.activity_id = new.activity_id and not p.is_disabled and p.email is not null
  loop
    select * into v_mail from private.hotel_pin_sale_mail(v_to.language,
      coalesce(v_activity.title ->> v_to.language, v_activity.title ->> 'en', v_activity.slug),
      trim(to_char(new.amount_minor::numeric / power(10, coalesce(v_minor, 0)),
                   'FM999G999G999G990' || case when coalesce(v_minor, 0) > 0 then 'D' || repeat('0', v_minor) else '' end))
        || ' ' || new.currency,
      to_char(new.created_at at time zone v_tz, 'YYYY-MM-DD HH24:MI') || ' (' || v_tz || ')',
      to_char((private.hotel_pin_dispute_deadline(new.customer_id, new.hotel_month) - interval '1 second') at time zone v_tz,
              'YYYY-MM-DD'),
      v_link);
    insert into private.mail_outbox (to_email, subject, body_text) values (v_to.email, v_mail.subject, v_mail.body);
  end loop;
  return null;
end;
$$;
create trigger partner_transactions_mail_hotel_pin
  after insert on public.partner_transactions
  for each row execute function private.mail_hotel_pin_sale();

-- ─── the close: not before the partner's time to dispute; then they count ──────
create or replace function private.settle_hotel_pin_sales()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_until timestamptz;
begin
  if exists (select 1 from public.partner_transactions t
             where t.customer_id = new.customer_id and t.hotel_month = new.month and t.status = 'pending' and t.pin_set_by_hotel) then
    v_until := private.hotel_pin_dispute_deadline(new.customer_id, new.month);
    if now() < v_until then
      raise exception 'The partner may dispute redemptions made with a PIN the hotel set until %: close the month after that',
        to_char((v_until - interval '1 second') at time zone private.customer_tz(new.customer_id), 'YYYY-MM-DD')
        using errcode = 'P0001', detail = 'partner_may_dispute';
    end if;
    update public.partner_transactions t set status = 'confirmed', decided_at = now(), decided_by = null
    where t.customer_id = new.customer_id and t.hotel_month = new.month and t.status = 'pending' and t.pin_set_by_hotel;
  end if;
  return new;
end;
$$;
create trigger settlement_months_settle_hotel_pin_sales
  before insert on public.settlement_months
  for each row execute function private.settle_hotel_pin_sales();

revoke execute on function private.pin_is_partners(uuid), private.hotel_pin_dispute_deadline(text, date),
  private.partner_transactions_hotel_pin(), private.hotel_pin_sale_mail(text, text, text, text, text, text),
  private.mail_hotel_pin_sale(), private.settle_hotel_pin_sales() from public;
