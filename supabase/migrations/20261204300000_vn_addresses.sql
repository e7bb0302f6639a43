-- Vietnamese addresses after the 2025 reform, with the old form beside them (issue 43 item 1; docs/addresses.md).
-- Since 1 July 2025 Vietnam has 34 provinces and no districts; wards and communes were merged, and some old
-- wards were split between several new ones, so an address cannot be converted by its names alone. Every
-- place (activities) and hotel (customers) keeps:
--   street        the street and number, as written locally ("07 Công trường Lam Sơn")
--   ward_code     the official code of the new ward or commune (vn_wards.code, e.g. '26740' Phường Sài Gòn);
--                 the province follows from it
--   old_ward, old_district   the pre-2025 ward and district, Vietnamese ("Phường Bến Nghé", "Quận 1")
--   ward_needs_review        true while a person has still to confirm the new ward: the pin lies in an old
--                 ward that was split, or the ward was proposed without a boundary to test the pin against
-- address / address_local stay as they were (free text), for places outside Vietnam and until every row has
-- the structured form.

-- ─── wards ──────────────────────────────────────────────────────────────────────
-- Reference data: the wards and communes of the provinces Guestmap serves, loaded by generated migrations
-- (supabase/scripts/vn-wards.ts). old_units: the pre-2025 units it was made from,
-- [{code, ward, district, province, split}], split = that old ward went to more than one new ward.
-- boundary: a simplified GeoJSON Polygon or MultiPolygon when one is known (point in polygon in the
-- dashboard); latitude/longitude: the source's centre of the ward (a label position, never a test of membership).
create table public.vn_wards (
  code text primary key,
  name text not null,
  kind text not null,
  province_code text not null,
  province text not null,
  latitude double precision,
  longitude double precision,
  old_units jsonb not null default '[]'::jsonb,
  boundary jsonb,
  constraint vn_wards_code_format check (code ~ '^[0-9]{5}$'),
  constraint vn_wards_province_code_format check (province_code ~ '^[0-9]{2}$'),
  constraint vn_wards_old_units_array check (jsonb_typeof(old_units) = 'array'),
  constraint vn_wards_boundary_geojson check (boundary is null or boundary->>'type' in ('Polygon', 'MultiPolygon'))
);
comment on table public.vn_wards is 'Vietnamese wards and communes after 1 July 2025 (official codes) with the pre-2025 units each was made from. Source and licence: docs/addresses.md.';

alter table public.vn_wards enable row level security;
create policy "Anyone can read the wards" on public.vn_wards for select to anon, authenticated using (true);
grant select on public.vn_wards to anon, authenticated, service_role;

-- ─── addresses on places and hotels ─────────────────────────────────────────────
alter table public.activities
  add column street text,
  add column ward_code text references public.vn_wards (code),
  add column old_ward text,
  add column old_district text,
  add column ward_needs_review boolean not null default false,
  add constraint activities_street_length check (street is null or char_length(street) <= 200),
  add constraint activities_old_ward_length check (old_ward is null or char_length(old_ward) <= 100),
  add constraint activities_old_district_length check (old_district is null or char_length(old_district) <= 100);
create index activities_ward_code_idx on public.activities (ward_code);

alter table public.customers
  add column street text,
  add column ward_code text references public.vn_wards (code),
  add column old_ward text,
  add column old_district text,
  add column ward_needs_review boolean not null default false,
  add constraint customers_street_length check (street is null or char_length(street) <= 200),
  add constraint customers_old_ward_length check (old_ward is null or char_length(old_ward) <= 100),
  add constraint customers_old_district_length check (old_district is null or char_length(old_district) <= 100);
create index customers_ward_code_idx on public.customers (ward_code);

-- Moderators edit their hotel's address like its other settings (activities: the table's grants already cover
-- every column).
grant update (street, ward_code, old_ward, old_district, ward_needs_review) on public.customers to authenticated;
