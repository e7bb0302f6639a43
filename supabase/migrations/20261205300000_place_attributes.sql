-- What travellers filter places by (issue 43 item 5; docs/filters.md): vegetarian and vegan, halal, no pork,
-- gluten-free, good for children, wheelchair access, and the ways to pay. Stored on each place as
-- OpenStreetMap-style tags in one jsonb object, `{"diet:vegetarian": "only", "wheelchair": "limited"}`:
-- OSM's keys and values where OSM has them (diet:*, wheelchair, payment:*), the project's own `guestmap:*`
-- where it has none. A jsonb of tags rather than a column per attribute: the keys are OSM's own (an export
-- to or import from OSM is the object itself), a new attribute is a new allowed key (this function) rather
-- than a column in every select, form, type and CSV, and the guest map reads the whole object with the place.
-- "Open late" is not stored: it is derived from the opening hours.
--
-- Only known keys with their allowed values are taken: the list below is the one in
-- shared-ui/src/place-attributes.ts (tests/database/27_place_attributes.test.ts checks that they agree).
-- A refusal says which pair, with the code `invalid_attribute` the dashboard translates.

-- ─── the allowed keys and values ───────────────────────────────────────────────
create function private.place_attribute_values(p_key text)
returns text[]
language sql
immutable
set search_path = ''
as $$
  select case p_key
    when 'diet:vegetarian' then array['yes', 'only', 'no']
    when 'diet:vegan' then array['yes', 'only', 'no']
    when 'diet:halal' then array['yes', 'only', 'no']
    when 'diet:gluten_free' then array['yes', 'only', 'no']
    when 'guestmap:no_pork' then array['yes', 'no']
    when 'guestmap:kids' then array['yes', 'no']
    when 'wheelchair' then array['yes', 'limited', 'no']
    when 'payment:cards' then array['yes', 'no']
    when 'payment:contactless' then array['yes', 'no']
    when 'payment:vietqr' then array['yes', 'no']
    when 'payment:unionpay' then array['yes', 'no']
    when 'payment:alipay' then array['yes', 'no']
    when 'payment:wechat' then array['yes', 'no']
  end
$$;

-- True for a valid object; otherwise raises, naming the first pair it cannot take (a check constraint that
-- returned false would say only which constraint failed, and the editor could not say which attribute).
create function private.check_place_attributes(p_attributes jsonb)
returns boolean
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_key text;
  v_value jsonb;
begin
  if p_attributes is null or jsonb_typeof(p_attributes) <> 'object' then
    raise exception 'A place''s attributes are an object of tags, {"key": "value"}'
      using errcode = '23514', detail = 'invalid_attribute';
  end if;
  for v_key, v_value in select e.key, e.value from jsonb_each(p_attributes) e loop
    if private.place_attribute_values(v_key) is null then
      raise exception 'Unknown place attribute "%"', left(v_key, 60)
        using errcode = '23514', detail = 'invalid_attribute', hint = 'Known: docs/filters.md';
    end if;
    if jsonb_typeof(v_value) <> 'string' or not ((v_value #>> '{}') = any (private.place_attribute_values(v_key))) then
      raise exception 'Place attribute "%" cannot be %', v_key, left(v_value::text, 60)
        using errcode = '23514', detail = 'invalid_attribute',
              hint = 'Allowed: ' || array_to_string(private.place_attribute_values(v_key), ', ');
    end if;
  end loop;
  return true;
end
$$;

revoke all on function private.place_attribute_values(text) from public;
revoke all on function private.check_place_attributes(jsonb) from public;
-- The check runs as the role that writes the row (moderators through the API, the seed as postgres).
grant execute on function private.place_attribute_values(text) to authenticated, service_role;
grant execute on function private.check_place_attributes(jsonb) to authenticated, service_role;

-- ─── the column ─────────────────────────────────────────────────────────────────
-- Readable and writable as the rest of the row: the table's grants and policies (unchanged) cover it.
alter table public.activities
  add column attributes jsonb not null default '{}'::jsonb,
  add constraint activities_attributes_known check (private.check_place_attributes(attributes));
comment on column public.activities.attributes is
  'Traveller attributes as OpenStreetMap-style tags, {"diet:vegetarian":"yes","wheelchair":"limited","payment:vietqr":"yes"}; only the keys and values of private.place_attribute_values (docs/filters.md).';
