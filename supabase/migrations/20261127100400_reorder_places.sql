-- Reordering a customer's places (the dashboard's ↑/↓) in one call and one transaction (issue 28). Before,
-- the dashboard renumbered the list and sent one UPDATE per row that moved: a failure half-way left a mixed
-- order, and two managers moving places at once could interleave their rows into an order neither chose.
--
-- public.reorder_places(p_customer_id, p_ids): p_ids is the customer's WHOLE list of places (published or
-- not) in the new order; each gets sort_order 10, 20, 30 … in that order (rows whose number is unchanged are
-- not written). A partial list is refused rather than merged: the places left out would keep numbers that
-- collide with the new ones. Refused, changing nothing:
--   42501 not_authenticated / not_moderator   not a manager (moderator or administrator) of the customer;
--   P0001 invalid_argument                    no list, a null id, or an id twice;
--   P0001 order_stale                         the list is not exactly the customer's places now (one added or
--                                             removed since the list was read, or an id of another customer:
--                                             which, is not said). The dashboard reads the list again.
-- Concurrency: the customer's places are locked (in id order, so two calls never deadlock) before the list
-- is compared, so a second call waits for the first to commit and then applies its own whole order: the
-- result is one caller's order, never a mix (supabase/tests/database/48_reorder_places.test.ts, on
-- PostgreSQL with concurrent connections).
create function public.reorder_places(p_customer_id text, p_ids uuid[])
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_given integer := coalesce(cardinality(p_ids), 0);
  v_current integer;
  v_matched integer;
begin
  perform private.require_manager(coalesce(p_customer_id, ''));
  if v_given = 0 or array_position(p_ids, null) is not null then
    raise exception 'Give the places in their new order' using errcode = 'P0001', detail = 'invalid_argument';
  end if;
  if (select count(distinct x) from unnest(p_ids) x) <> v_given then
    raise exception 'A place is listed twice' using errcode = 'P0001', detail = 'invalid_argument';
  end if;

  perform 1 from public.activities a where a.customer_id = p_customer_id order by a.id for update;

  select count(*) into v_current from public.activities a where a.customer_id = p_customer_id;
  select count(*) into v_matched
  from public.activities a
  where a.customer_id = p_customer_id and a.id = any (p_ids);
  if v_current <> v_given or v_matched <> v_given then
    raise exception 'The list of places changed meanwhile: read it again'
      using errcode = 'P0001', detail = 'order_stale';
  end if;

  update public.activities a
  set sort_order = n.position * 10
  from unnest(p_ids) with ordinality as n (id, position)
  where a.id = n.id and a.customer_id = p_customer_id and a.sort_order is distinct from n.position * 10;
end;
$$;
comment on function public.reorder_places(text, uuid[]) is
  'A manager of the customer puts all its places in a new order (sort_order 10, 20, …) in one transaction.';
revoke all on function public.reorder_places(text, uuid[]) from public, anon, authenticated;
grant execute on function public.reorder_places(text, uuid[]) to authenticated, service_role;
