-- Issue 41, item 3 (second part): a voucher code is the guest's bearer secret (docs/rewards.md "Points and
-- vouchers"; tests supabase/tests/security/partner-pin.test.ts).
--
-- Before: the vouchers policy let the hotel's moderators and administrators read every column, codes of
-- guests' unredeemed vouchers included (a code plus the partner's PIN redeems).
-- Now: no client role may read the code column (column privileges; rows stay as the policy says, so
-- moderators and admins still see each voucher's state and count them). The guest who holds a voucher reads its
-- code through my_voucher_codes(customer); the redemption path looks codes up inside security-definer
-- functions; play_reward's answer still carries the code of the voucher just won, to its player.

revoke select on table public.vouchers from authenticated;
grant select (id, user_id, customer_id, activity_id, play_id, discount_pct, discount_text, issued_at, expires_at,
  redeemed_at) on table public.vouchers to authenticated;

create function public.my_voucher_codes(p_customer_id text)
returns table (id uuid, code text)
language sql
stable
security definer
set search_path = ''
as $$
  select v.id, v.code from public.vouchers v
  where v.user_id = auth.uid() and v.customer_id = p_customer_id
  order by v.issued_at desc, v.id
$$;
comment on function public.my_voucher_codes(text) is 'The codes of the caller''s own vouchers at a hotel (bearer secrets: nobody else reads them).';
revoke all on function public.my_voucher_codes(text) from public, anon, authenticated;
grant execute on function public.my_voucher_codes(text) to authenticated, service_role;
