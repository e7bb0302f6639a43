-- Hosted Supabase's mail sender for private.mail_outbox (issue 42: the README's Deploy steps are all a hosted
-- project needs). Locally the stack drains the outbox into its inbox (local-stack/src/inbox/outbox.ts); on hosted
-- the Edge Function supabase/functions/send-mail does, woken by a Database Webhook on INSERT (README, Deploy).
--
-- The function claims a batch (a lease of five minutes, so two runs at once never send one mail twice, and a run
-- that dies leaves its mails to the next), sends each through the mail provider, and marks it sent or gives it
-- back with the provider's error. A mail is tried at most eight times; `last_error` says why it is still there.

alter table private.mail_outbox
  add column attempts integer not null default 0,
  add column claimed_until timestamptz,
  add column last_error text;
comment on column private.mail_outbox.claimed_until is 'A sender holds the row until then (hosted: supabase/functions/send-mail).';
comment on column private.mail_outbox.attempts is 'How many times a sender claimed the row; at 8 it is left for a person (last_error).';

create function public.claim_outbox_mail(p_limit integer default 20)
returns table (id bigint, to_email text, subject text, body_text text)
language plpgsql
security definer
set search_path = ''
as $$
begin
  if p_limit is null or p_limit < 1 or p_limit > 100 then
    raise exception 'limit must be between 1 and 100' using errcode = '22023';
  end if;
  return query
  update private.mail_outbox o
     set claimed_until = now() + interval '5 minutes', attempts = o.attempts + 1
   where o.id in (
     select q.id from private.mail_outbox q
      where q.sent_at is null and q.attempts < 8 and (q.claimed_until is null or q.claimed_until < now())
      order by q.id
      limit p_limit
      for update skip locked)
  returning o.id, o.to_email, o.subject, o.body_text;
end;
$$;
comment on function public.claim_outbox_mail(integer) is 'Hosted mail sender only (service_role): claims up to p_limit unsent mails for five minutes.';

create function public.finish_outbox_mail(p_id bigint, p_error text default null)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if p_error is null then
    update private.mail_outbox o set sent_at = now(), claimed_until = null, last_error = null
     where o.id = p_id and o.sent_at is null;
  else
    update private.mail_outbox o set claimed_until = null, last_error = left(p_error, 2000)
     where o.id = p_id and o.sent_at is null;
  end if;
end;
$$;
comment on function public.finish_outbox_mail(bigint, text) is 'Hosted mail sender only (service_role): marks a claimed mail sent, or gives it back with the error.';

revoke all on function public.claim_outbox_mail(integer) from public, anon, authenticated;
revoke all on function public.finish_outbox_mail(bigint, text) from public, anon, authenticated;
grant execute on function public.claim_outbox_mail(integer) to service_role;
grant execute on function public.finish_outbox_mail(bigint, text) to service_role;
