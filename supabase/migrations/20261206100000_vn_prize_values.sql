-- A voucher's value in đồng (issue 43 item 4, "places and offers carry prices in VND"; docs/prices.md).
-- A voucher prize may say what it is worth to the guest ("a free pastry", worth 65,000 ₫; a range for "a drink of
-- your choice", 40,000–90,000 ₫). The guest sees it in đồng with the same estimate line as a place's price. The
-- rules are a place's (migration 20261205200000_vn_prices.sql): whole đồng (bigint), both ends or neither, the
-- lowest first, at most 10^12 ₫; and a value is positive (a voucher worth nothing says nothing) and only vouchers
-- carry one. A voucher keeps the value its prize had when it was won, as it keeps the discount.

alter table public.reward_prizes
  add column value_min_vnd bigint,
  add column value_max_vnd bigint,
  add constraint reward_prizes_value_vnd_both check ((value_min_vnd is null) = (value_max_vnd is null)),
  add constraint reward_prizes_value_vnd_positive check (value_min_vnd >= 1 and value_max_vnd >= 1),
  add constraint reward_prizes_value_vnd_order check (value_min_vnd <= value_max_vnd),
  add constraint reward_prizes_value_vnd_bound check (value_max_vnd <= 1000000000000),
  add constraint reward_prizes_value_vnd_voucher check (kind = 'voucher' or value_min_vnd is null);
comment on column public.reward_prizes.value_min_vnd is 'A voucher''s value to the guest in whole VND: the lowest (= value_max_vnd for a single value); null with value_max_vnd when none is given.';
comment on column public.reward_prizes.value_max_vnd is 'A voucher''s value in whole VND: the highest (= value_min_vnd for a single value).';

alter table public.vouchers
  add column value_min_vnd bigint,
  add column value_max_vnd bigint,
  add constraint vouchers_value_vnd_both check ((value_min_vnd is null) = (value_max_vnd is null)),
  add constraint vouchers_value_vnd_positive check (value_min_vnd >= 1 and value_max_vnd >= 1),
  add constraint vouchers_value_vnd_order check (value_min_vnd <= value_max_vnd),
  add constraint vouchers_value_vnd_bound check (value_max_vnd <= 1000000000000);
comment on column public.vouchers.value_min_vnd is 'The value in whole VND its prize had when it was won (reward_prizes.value_min_vnd).';
comment on column public.vouchers.value_max_vnd is 'The value in whole VND its prize had when it was won (reward_prizes.value_max_vnd).';

-- A voucher won in a play takes its prize's value (play_reward inserts the row; it is left unchanged).
create function private.voucher_value_from_prize()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.play_id is not null and new.value_min_vnd is null then
    select pz.value_min_vnd, pz.value_max_vnd into new.value_min_vnd, new.value_max_vnd
    from public.reward_plays p join public.reward_prizes pz on pz.id = p.prize_id
    where p.id = new.play_id;
  end if;
  return new;
end;
$$;
revoke all on function private.voucher_value_from_prize() from public;
create trigger vouchers_value_from_prize before insert on public.vouchers
  for each row execute function private.voucher_value_from_prize();

-- Guests read the value with the prize's other public columns, and their vouchers'.
grant select (value_min_vnd, value_max_vnd) on table public.reward_prizes to anon, authenticated;
grant select (value_min_vnd, value_max_vnd) on table public.vouchers to authenticated;

-- The play's outcome carries the won voucher's value (same shape as before, two keys more).
create or replace function private.play_outcome(p_play_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return (
    select jsonb_build_object(
      'play_id', p.id, 'campaign_id', p.campaign_id, 'prize_id', p.prize_id, 'prize_kind', p.prize_kind,
      'label', p.label, 'points', p.points, 'voucher_code', v.code, 'voucher_expires_at', v.expires_at,
      'discount_pct', v.discount_pct, 'discount_text', v.discount_text, 'activity_id', v.activity_id,
      'value_min_vnd', v.value_min_vnd, 'value_max_vnd', v.value_max_vnd,
      'played_at', p.played_at)
    from public.reward_plays p left join public.vouchers v on v.play_id = p.id
    where p.id = p_play_id);
end;
$$;

-- The dashboard's prize editor writes the value: upsert_reward_prize takes two more arguments. The old signature
-- goes (a call without the value would clear it); its body is otherwise unchanged.
drop function public.upsert_reward_prize(uuid, uuid, text, jsonb, integer, integer, integer, uuid, integer, jsonb, integer, integer);
create function public.upsert_reward_prize(
  p_id uuid,
  p_campaign_id uuid,
  p_kind text,
  p_label jsonb,
  p_weight integer,
  p_stock integer default null,
  p_points integer default null,
  p_activity_id uuid default null,
  p_discount_pct integer default null,
  p_discount_text jsonb default null,
  p_valid_days integer default 30,
  p_sort_order integer default 0,
  p_value_min_vnd bigint default null,
  p_value_max_vnd bigint default null
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_customer text;
  v_row public.reward_prizes;
begin
  select c.customer_id into v_customer from public.reward_campaigns c where c.id = p_campaign_id;
  perform private.require_manager(coalesce(v_customer, ''));
  if p_kind is null or p_kind not in ('points', 'voucher', 'nothing') then
    raise exception 'Unknown prize kind' using errcode = 'P0001', detail = 'invalid_kind';
  end if;
  begin
    if p_id is null then
      insert into public.reward_prizes (campaign_id, kind, label, points, activity_id, discount_pct, discount_text, valid_days,
                                        weight, stock, sort_order, value_min_vnd, value_max_vnd)
      values (p_campaign_id, p_kind::public.reward_prize_kind, p_label, p_points, p_activity_id, p_discount_pct, p_discount_text,
              coalesce(p_valid_days, 30), p_weight, p_stock, coalesce(p_sort_order, 0), p_value_min_vnd, p_value_max_vnd)
      returning * into v_row;
    else
      update public.reward_prizes p
      set kind = p_kind::public.reward_prize_kind, label = p_label, points = p_points, activity_id = p_activity_id,
          discount_pct = p_discount_pct, discount_text = p_discount_text, valid_days = coalesce(p_valid_days, 30),
          weight = p_weight, stock = p_stock, sort_order = coalesce(p_sort_order, 0),
          value_min_vnd = p_value_min_vnd, value_max_vnd = p_value_max_vnd, updated_at = now()
      where p.id = p_id and p.campaign_id = p_campaign_id
      returning * into v_row;
      if not found then
        raise exception 'Prize not found' using errcode = 'P0001', detail = 'prize_not_found';
      end if;
    end if;
  exception
    when check_violation or not_null_violation then
      raise exception 'Invalid prize: %', sqlerrm using errcode = 'P0001', detail = 'invalid_prize';
  end;
  return to_jsonb(v_row);
end;
$$;
revoke all on function public.upsert_reward_prize(uuid, uuid, text, jsonb, integer, integer, integer, uuid, integer, jsonb, integer, integer, bigint, bigint) from public, anon, authenticated;
grant execute on function public.upsert_reward_prize(uuid, uuid, text, jsonb, integer, integer, integer, uuid, integer, jsonb, integer, integer, bigint, bigint) to authenticated;
