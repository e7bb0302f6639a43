-- Invitations with consent: a moderator (or administrator) invites an e-mail address to run a customer;
-- the person with that confirmed e-mail accepts or declines after signing in. Nothing is granted before
-- acceptance, and the inviter learns nothing about the address (same answer whether it has an account,
-- none, or a disabled one; no profile data before acceptance). Replaces add_moderator_by_email, which
-- granted at once and told accounts apart (user_not_found / user_disabled): dropped below.
--
-- Built for more than moderators: `role` says what acceptance grants. 'moderator' is the only role
-- accepted today; 'partner_staff' (with partner_id) is reserved for partner staff invitations, which
-- plug into private.create_invitation and the role switch of accept_invitation.
--
-- Mail: the database cannot send mail, so invitations write a row into private.mail_outbox. Locally the
-- stack's mailer drains it into the inbox (supabase/src/inbox/outbox.ts); on hosted Supabase a Database
-- Webhook on INSERT into private.mail_outbox calls an Edge Function that sends it (docs/dashboard.md).

-- ─── outgoing mail ──────────────────────────────────────────────────────────────
create table private.mail_outbox (
  id bigint generated always as identity primary key,
  to_email text not null,
  subject text not null,
  body_text text not null,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  constraint mail_outbox_to_email_length check (char_length(to_email) between 3 and 320)
);
comment on table private.mail_outbox is 'Mails written by the database. `{{ .SiteURL }}` in body_text is replaced by the sender (auth site_url). Drained by the local stack, or by a Database Webhook + Edge Function on hosted.';
comment on column private.mail_outbox.sent_at is 'Set when the mailer took the row; null = still to send.';
create index mail_outbox_unsent_idx on private.mail_outbox (id) where sent_at is null;
revoke all on table private.mail_outbox from public, anon, authenticated;
grant select, update on table private.mail_outbox to service_role;

-- Wakes a listening mailer at commit (a poll catches what a notification misses).
create function private.notify_mail_outbox()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform pg_notify('mail_outbox', new.id::text);
  return null;
end;
$$;
revoke all on function private.notify_mail_outbox() from public;

create trigger mail_outbox_notify
  after insert on private.mail_outbox
  for each row execute function private.notify_mail_outbox();

-- ─── invitations ────────────────────────────────────────────────────────────────
create type public.invitation_role as enum ('moderator', 'partner_staff');
create type public.invitation_status as enum ('pending', 'accepted', 'declined', 'expired', 'withdrawn');

create table public.invitations (
  id uuid primary key default gen_random_uuid(),
  customer_id text not null references public.customers (id) on delete cascade,
  role public.invitation_role not null default 'moderator',
  -- For role 'partner_staff': the partner business (reserved; the partner side is not built yet).
  partner_id uuid,
  email text not null,
  status public.invitation_status not null default 'pending',
  invited_by uuid references public.profiles (id) on delete set null,
  accepted_by uuid references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null default now() + interval '7 days',
  responded_at timestamptz,
  constraint invitations_email_format check (char_length(email) <= 320 and email = lower(btrim(email)) and email ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$'),
  constraint invitations_role_partner check ((role = 'partner_staff') = (partner_id is not null)),
  constraint invitations_accepted_by check (accepted_by is null or status = 'accepted'),
  constraint invitations_responded check ((status in ('pending', 'expired')) or responded_at is not null)
);
comment on table public.invitations is 'Invitations to moderate a customer (later: to staff a partner). No client access: RPCs only (invite_moderator, list_customer_invitations, withdraw_invitation, my_invitations, accept_invitation, decline_invitation).';
comment on column public.invitations.email is 'The address the inviter typed (trimmed, lower case): all the inviter ever sees of the invitee before acceptance.';
comment on column public.invitations.status is 'pending until accepted, declined, withdrawn or expired (expiry is also computed from expires_at when read).';

-- One live invitation per address and role at a customer.
create unique index invitations_pending_unique on public.invitations (customer_id, role, coalesce(partner_id, '00000000-0000-0000-0000-000000000000'::uuid), email)
  where status = 'pending';
create index invitations_customer_created_idx on public.invitations (customer_id, created_at desc);
create index invitations_email_idx on public.invitations (email) where status = 'pending';
create index invitations_invited_by_idx on public.invitations (invited_by);
create index invitations_accepted_by_idx on public.invitations (accepted_by);

alter table public.invitations enable row level security;
-- No policy and no grant: clients reach invitations only through the RPCs below.
revoke all on table public.invitations from public, anon, authenticated;
grant all on table public.invitations to service_role;

comment on table public.customer_moderators is 'Who moderates which customer. Changed only through create_customer, accept_invitation and remove_moderator.';

-- ─── helpers ────────────────────────────────────────────────────────────────────
-- The caller's e-mail as auth knows it, only once confirmed (never the token's copy, never an anonymous
-- or disabled account's).
create function private.confirmed_email()
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select lower(u.email)
  from auth.users u
  join public.profiles p on p.id = u.id
  where u.id = auth.uid()
    and u.email is not null
    and u.email_confirmed_at is not null
    and not coalesce(u.is_anonymous, false)
    and not p.is_disabled
$$;
revoke all on function private.confirmed_email() from public;

create function private.effective_invitation_status(p_status public.invitation_status, p_expires_at timestamptz)
returns public.invitation_status
language sql
stable
set search_path = ''
as $$
  select case when p_status = 'pending' and p_expires_at <= now() then 'expired'::public.invitation_status else p_status end
$$;
revoke all on function private.effective_invitation_status(public.invitation_status, timestamptz) from public;

-- The invitation mail, rendered in one of the product's languages.
create function private.invitation_mail(p_language text, p_inviter text, p_customer text, p_expires_at timestamptz, out subject text, out body text)
language plpgsql
stable
set search_path = ''
as $$
declare
  v_day text := to_char(p_expires_at at time zone 'UTC', 'YYYY-MM-DD');
begin
  if p_language like 'vi%' then
    subject := format('%s mời bạn quản lý bản đồ %s trên Guestmap', p_inviter, p_customer);
    body := format(E'%s mời bạn làm người quản lý bản đồ "%s" trên Guestmap.\n\nĐăng nhập bằng địa chỉ e-mail này để chấp nhận hoặc từ chối lời mời:\n{{ .SiteURL }}/user\n\nLời mời hết hạn ngày %s (UTC). Nếu bạn không chấp nhận, sẽ không có gì thay đổi.\n', p_inviter, p_customer, v_day);
  elsif p_language like 'fr%' then
    subject := format('%s vous invite à gérer la carte %s sur Guestmap', p_inviter, p_customer);
    body := format(E'%s vous invite à devenir modérateur de la carte « %s » sur Guestmap.\n\nConnectez-vous avec cette adresse e-mail pour accepter ou refuser l''invitation :\n{{ .SiteURL }}/user\n\nL''invitation expire le %s (UTC). Si vous ne l''acceptez pas, rien ne change.\n', p_inviter, p_customer, v_day);
  else
    subject := format('%s invites you to manage %s on Guestmap', p_inviter, p_customer);
    body := format(E'%s invites you to become a moderator of the map "%s" on Guestmap.\n\nSign in with this e-mail address to accept or decline the invitation:\n{{ .SiteURL }}/user\n\nThe invitation expires on %s (UTC). If you do not accept it, nothing changes.\n', p_inviter, p_customer, v_day);
  end if;
end;
$$;
revoke all on function private.invitation_mail(text, text, text, timestamptz) from public;

-- Invitations a customer may send per rolling 24 hours (counted under a lock on the customer row).
create function private.invitation_daily_limit()
returns integer
language sql
immutable
set search_path = ''
as $$ select 20 $$;
revoke all on function private.invitation_daily_limit() from public;

-- Creates an invitation and its mail. Shared by every kind of invitation; the caller has checked who
-- may invite. Never looks the address up among accounts: its answer cannot depend on them.
create function private.create_invitation(p_customer_id text, p_role public.invitation_role, p_partner_id uuid, p_email text, p_language text)
returns public.invitations
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_email text := lower(btrim(coalesce(p_email, '')));
  v_row public.invitations;
  v_inviter text;
  v_customer text;
  v_mail record;
begin
  if char_length(v_email) > 320 or v_email !~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$' then
    raise exception 'Enter a valid e-mail address'
      using errcode = 'P0001', detail = 'invalid_email';
  end if;
  -- Serialise this customer's invitations: the daily count and the one-pending-per-address rule are
  -- read and acted on by one transaction at a time.
  select c.name into v_customer from public.customers c where c.id = p_customer_id for update;
  if v_customer is null then
    raise exception 'Customer not found'
      using errcode = 'P0001', detail = 'customer_not_found';
  end if;
  update public.invitations i set status = 'expired'
  where i.customer_id = p_customer_id and i.status = 'pending' and i.expires_at <= now();
  if exists (select 1 from public.invitations i
             where i.customer_id = p_customer_id and i.role = p_role and i.partner_id is not distinct from p_partner_id
               and i.email = v_email and i.status = 'pending') then
    raise exception 'An invitation to this address is already pending'
      using errcode = 'P0001', detail = 'already_invited';
  end if;
  if (select count(*) from public.invitations i
      where i.customer_id = p_customer_id and i.created_at > now() - interval '1 day') >= private.invitation_daily_limit() then
    raise exception 'Too many invitations today: try again tomorrow'
      using errcode = 'P0001', detail = 'invitation_limit';
  end if;
  insert into public.invitations (customer_id, role, partner_id, email, invited_by)
  values (p_customer_id, p_role, p_partner_id, v_email, auth.uid())
  returning * into v_row;
  select coalesce(nullif(btrim(p.display_name), ''), p.email, 'Guestmap') into v_inviter
  from public.profiles p where p.id = auth.uid();
  select * into v_mail from private.invitation_mail(coalesce(p_language, 'en'), coalesce(v_inviter, 'Guestmap'), v_customer, v_row.expires_at);
  insert into private.mail_outbox (to_email, subject, body_text) values (v_email, v_mail.subject, v_mail.body);
  return v_row;
end;
$$;
revoke all on function private.create_invitation(text, public.invitation_role, uuid, text, text) from public;

-- ─── RPCs: the inviting side ────────────────────────────────────────────────────
-- Invites an address to moderate the customer. The answer is the invitation as the inviter typed it,
-- whatever the address: existing account, none, disabled.
create function public.invite_moderator(p_customer_id text, p_email text, p_language text default 'en')
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
  v_row := private.create_invitation(p_customer_id, 'moderator', null, p_email, p_language);
  return query select v_row.id, v_row.email, v_row.status, v_row.created_at, v_row.expires_at;
end;
$$;
revoke all on function public.invite_moderator(text, text, text) from public, anon, authenticated;
grant execute on function public.invite_moderator(text, text, text) to authenticated, service_role;

-- The customer's invitations: only what the inviter typed and where each stands.
create function public.list_customer_invitations(p_customer_id text)
returns table (id uuid, email text, role public.invitation_role, status public.invitation_status, created_at timestamptz, expires_at timestamptz, responded_at timestamptz)
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
    select i.id, i.email, i.role, private.effective_invitation_status(i.status, i.expires_at), i.created_at, i.expires_at, i.responded_at
    from public.invitations i
    where i.customer_id = p_customer_id
    order by i.created_at desc
    limit 200;
end;
$$;
revoke all on function public.list_customer_invitations(text) from public, anon, authenticated;
grant execute on function public.list_customer_invitations(text) to authenticated, service_role;

create function public.withdraw_invitation(p_invitation_id uuid)
returns public.invitation_status
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row public.invitations;
begin
  select * into v_row from public.invitations i where i.id = p_invitation_id for update;
  if v_row.id is null or not private.can_manage_customer(v_row.customer_id) then
    raise exception 'Invitation not found'
      using errcode = 'P0001', detail = 'invitation_not_found';
  end if;
  if v_row.status = 'withdrawn' then
    return v_row.status;
  end if;
  if private.effective_invitation_status(v_row.status, v_row.expires_at) <> 'pending' then
    raise exception 'This invitation is no longer pending'
      using errcode = 'P0001', detail = 'invitation_not_pending';
  end if;
  update public.invitations i set status = 'withdrawn', responded_at = now() where i.id = v_row.id;
  return 'withdrawn';
end;
$$;
revoke all on function public.withdraw_invitation(uuid) from public, anon, authenticated;
grant execute on function public.withdraw_invitation(uuid) to authenticated, service_role;

-- ─── RPCs: the invited side ─────────────────────────────────────────────────────
-- Pending invitations addressed to the caller's confirmed e-mail, with who invites to what.
create function public.my_invitations()
returns table (id uuid, customer_id text, customer_name text, role public.invitation_role, invited_by_name text, created_at timestamptz, expires_at timestamptz)
language sql
stable
security definer
set search_path = ''
as $$
  select i.id, i.customer_id, c.name, i.role, coalesce(nullif(btrim(p.display_name), ''), p.email), i.created_at, i.expires_at
  from public.invitations i
  join public.customers c on c.id = i.customer_id
  left join public.profiles p on p.id = i.invited_by
  where i.email = private.confirmed_email()
    and i.status = 'pending'
    and i.expires_at > now()
  order by i.created_at desc
$$;
revoke all on function public.my_invitations() from public, anon, authenticated;
grant execute on function public.my_invitations() to authenticated, service_role;

-- Locks the caller's invitation; one answer (invitation_not_found) for a missing id and for someone
-- else's invitation.
create function private.lock_my_invitation(p_invitation_id uuid)
returns public.invitations
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_email text := private.confirmed_email();
  v_row public.invitations;
begin
  if auth.uid() is null then
    raise exception 'Sign in first'
      using errcode = '42501', detail = 'not_authenticated';
  end if;
  select * into v_row from public.invitations i where i.id = p_invitation_id for update;
  if v_row.id is null or v_email is null or v_row.email <> v_email then
    raise exception 'Invitation not found'
      using errcode = 'P0001', detail = 'invitation_not_found';
  end if;
  return v_row;
end;
$$;
revoke all on function private.lock_my_invitation(uuid) from public;

-- Accepts: grants what the invitation offers, once. Repeating it (retry, double click, a second tab)
-- answers the same and grants nothing more. Returns the customer id.
create function public.accept_invitation(p_invitation_id uuid)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row public.invitations := private.lock_my_invitation(p_invitation_id);
  v_status public.invitation_status := private.effective_invitation_status(v_row.status, v_row.expires_at);
begin
  if v_row.status = 'accepted' and v_row.accepted_by = auth.uid() then
    return v_row.customer_id;
  end if;
  if v_status <> 'pending' then
    raise exception 'This invitation is no longer open'
      using errcode = 'P0001', detail = 'invitation_' || v_status::text;
  end if;
  if v_row.role = 'moderator' then
    insert into public.customer_moderators (customer_id, user_id, added_by)
    values (v_row.customer_id, auth.uid(), v_row.invited_by)
    on conflict (customer_id, user_id) do nothing;
    insert into public.user_customers (user_id, customer_id) values (auth.uid(), v_row.customer_id)
    on conflict (user_id, customer_id) do nothing;
  else
    -- partner_staff: granted by the partner side when it exists.
    raise exception 'This kind of invitation cannot be accepted yet'
      using errcode = 'P0001', detail = 'invitation_role_unsupported';
  end if;
  update public.invitations i set status = 'accepted', accepted_by = auth.uid(), responded_at = now() where i.id = v_row.id;
  return v_row.customer_id;
end;
$$;
revoke all on function public.accept_invitation(uuid) from public, anon, authenticated;
grant execute on function public.accept_invitation(uuid) to authenticated, service_role;

create function public.decline_invitation(p_invitation_id uuid)
returns public.invitation_status
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row public.invitations := private.lock_my_invitation(p_invitation_id);
  v_status public.invitation_status := private.effective_invitation_status(v_row.status, v_row.expires_at);
begin
  if v_row.status = 'declined' then
    return v_row.status;
  end if;
  if v_status <> 'pending' then
    raise exception 'This invitation is no longer open'
      using errcode = 'P0001', detail = 'invitation_' || v_status::text;
  end if;
  update public.invitations i set status = 'declined', responded_at = now() where i.id = v_row.id;
  return 'declined';
end;
$$;
revoke all on function public.decline_invitation(uuid) from public, anon, authenticated;
grant execute on function public.decline_invitation(uuid) to authenticated, service_role;

-- ─── the old path: granted at once and told accounts apart ─────────────────────
drop function public.add_moderator_by_email(text, text);
