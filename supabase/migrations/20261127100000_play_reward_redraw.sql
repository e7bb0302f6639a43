-- play_reward: a draw whose pick finds no prize draws again.
--
-- The draw reads the total weight of the prizes in stock, picks a number below it, then reads the prize at
-- that number in a second statement. Under READ COMMITTED each statement sees the latest commits: when a
-- concurrent play takes the last item of a heavy prize between the two, the second statement sees a smaller
-- total, and a pick past it found no row. The loop then went on with an empty prize and the play's insert
-- failed on its NOT NULL columns (23502): the guest saw an error instead of a draw. Now an empty pick
-- draws again from what is left (as a lost race for the last item already did). Same body otherwise.
create or replace function public.play_reward(p_campaign_id uuid, p_idempotency_key text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  c_vouchers_per_source constant integer := 10;
  v_uid uuid := auth.uid();
  v_campaign public.reward_campaigns;
  v_day date;
  v_existing public.reward_plays;
  v_count integer;
  v_prize public.reward_prizes;
  v_total bigint;
  v_pick numeric;
  v_play_id uuid;
  v_code text;
  v_vouchers_ok boolean;
  v_verified boolean;
  v_source text;
  v_source_hash text;
begin
  if v_uid is null then
    raise exception 'Sign in first' using errcode = '42501', detail = 'not_authenticated';
  end if;
  if not private.is_active_user() then
    raise exception 'This account is disabled' using errcode = '42501', detail = 'user_disabled';
  end if;
  if p_idempotency_key is null or char_length(p_idempotency_key) not between 1 and 200 then
    raise exception 'An idempotency key is required' using errcode = 'P0001', detail = 'invalid_key';
  end if;

  -- One play at a time per user: the replay check and the daily count below see every committed play.
  perform pg_advisory_xact_lock(hashtextextended('reward_play:' || v_uid::text, 0));

  select * into v_existing from public.reward_plays p where p.user_id = v_uid and p.idempotency_key = p_idempotency_key;
  if found then
    if v_existing.campaign_id <> p_campaign_id then
      raise exception 'This key was used for another play' using errcode = 'P0001', detail = 'idempotency_conflict';
    end if;
    return private.play_outcome(v_existing.id);
  end if;

  select * into v_campaign from public.reward_campaigns c where c.id = p_campaign_id;
  if not found or not private.reward_campaign_is_live(p_campaign_id)
     or not exists (select 1 from public.customers cu where cu.id = v_campaign.customer_id and cu.is_public) then
    raise exception 'This game is not available' using errcode = 'P0001', detail = 'campaign_inactive';
  end if;

  v_day := private.customer_day(v_campaign.customer_id);
  select count(*) into v_count from public.reward_plays p
  where p.user_id = v_uid and p.campaign_id = p_campaign_id and p.play_day = v_day;
  if v_count >= v_campaign.daily_limit then
    raise exception 'No more plays today' using errcode = 'P0001', detail = 'daily_limit';
  end if;

  -- Who may win a voucher: a confirmed, non-anonymous identity, within its source's quota of the day.
  select not coalesce(u.is_anonymous, false) and (u.email_confirmed_at is not null or u.phone_confirmed_at is not null)
  into v_verified
  from auth.users u where u.id = v_uid;
  v_verified := coalesce(v_verified, false);
  v_vouchers_ok := v_verified;
  -- The gateway-reported source (private.request_network, migration …1100); 'unknown' = no gateway
  -- (a direct database session, the service role's SQL): not counted per source.
  v_source := private.request_network();
  if v_vouchers_ok and v_source <> 'unknown' then
    v_source_hash := private.request_source();
    -- Serialise the source's voucher draws at this hotel so concurrent plays cannot pass the quota.
    perform pg_advisory_xact_lock(hashtextextended('reward_source:' || v_campaign.customer_id || ':' || v_source_hash, 0));
    v_vouchers_ok := (select count(*) from private.reward_source_vouchers s
                      where s.customer_id = v_campaign.customer_id and s.source_hash = v_source_hash and s.play_day = v_day)
                     < c_vouchers_per_source;
  end if;

  -- Weighted draw over prizes in stock (vouchers only when allowed); the stock update re-checks so a
  -- concurrent draw of the last item makes us draw again.
  loop
    select sum(p.weight) into v_total from public.reward_prizes p
    where p.campaign_id = p_campaign_id and p.weight > 0 and (p.stock is null or p.stock > 0)
      and (v_vouchers_ok or p.kind <> 'voucher');
    if coalesce(v_total, 0) = 0 then
      if not v_verified and exists (select 1 from public.reward_prizes p where p.campaign_id = p_campaign_id
                                    and p.kind = 'voucher' and p.weight > 0 and (p.stock is null or p.stock > 0)) then
        raise exception 'Create an account to play for vouchers' using errcode = 'P0001', detail = 'account_required';
      end if;
      raise exception 'No prizes left' using errcode = 'P0001', detail = 'no_prizes';
    end if;
    v_pick := floor(random() * v_total);
    select * into v_prize from (
      select p.*, sum(p.weight) over (order by p.sort_order, p.id) as cum
      from public.reward_prizes p
      where p.campaign_id = p_campaign_id and p.weight > 0 and (p.stock is null or p.stock > 0)
        and (v_vouchers_ok or p.kind <> 'voucher')
    ) x
    where x.cum > v_pick
    order by x.cum
    limit 1;
    -- Nothing at the pick: a concurrent play took the last of a prize after the total was read. Draw again.
    continue when not found;
    exit when v_prize.stock is null;
    update public.reward_prizes p set stock = p.stock - 1 where p.id = v_prize.id and p.stock > 0;
    exit when found;
  end loop;

  insert into public.reward_plays (user_id, campaign_id, customer_id, prize_id, prize_kind, label, points, play_day, slot, idempotency_key)
  values (v_uid, p_campaign_id, v_campaign.customer_id, v_prize.id, v_prize.kind, v_prize.label, v_prize.points, v_day,
          v_count + 1, p_idempotency_key)
  returning id into v_play_id;

  if v_prize.kind = 'points' then
    insert into public.points_ledger (user_id, customer_id, delta, reason, play_id)
    values (v_uid, v_campaign.customer_id, v_prize.points, 'play', v_play_id);
  elsif v_prize.kind = 'voucher' then
    loop
      v_code := private.new_voucher_code();
      exit when not exists (select 1 from public.vouchers v where v.code = v_code);
    end loop;
    insert into public.vouchers (code, user_id, customer_id, activity_id, play_id, discount_pct, discount_text, expires_at)
    values (v_code, v_uid, v_campaign.customer_id, v_prize.activity_id, v_play_id, v_prize.discount_pct,
            v_prize.discount_text, now() + make_interval(days => v_prize.valid_days));
    if v_source_hash is not null then
      -- Old days of this source only (other sources' rows are not under our lock).
      delete from private.reward_source_vouchers s
      where s.customer_id = v_campaign.customer_id and s.source_hash = v_source_hash and s.play_day < v_day - 2;
      insert into private.reward_source_vouchers (customer_id, play_day, source_hash, play_id)
      values (v_campaign.customer_id, v_day, v_source_hash, v_play_id);
    end if;
  end if;

  return private.play_outcome(v_play_id);
end;
$$;
revoke all on function public.play_reward(uuid, text) from public, anon, authenticated;
grant execute on function public.play_reward(uuid, text) to anon, authenticated, service_role;
