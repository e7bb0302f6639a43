-- Storage hardening (issue #26). Rules that live in the database, so they hold on hosted Supabase too:
-- 1. No active content in the public buckets: only raster images (PNG, JPEG, WebP; GIF for avatars).
--    SVG is refused, not sanitised: hosted Storage serves an object inline with its stored type, so an
--    SVG logo with script would run on the Storage origin when its URL is opened; a sanitiser would be
--    one more parser to trust, and nothing in the product needs vector logos (the dashboard and the
--    account screen both take PNG/JPEG/WebP). The bucket's allowed_mime_types refuse the declared type;
--    the write policies also refuse a name whose extension is not a raster image (a `.svg`/`.html`
--    uploaded with a lying content type) and a stored type that is not one (moves keep their type).
-- 2. Listing shows only what a visitor may open: enumerating a bucket (storage-api's list operations)
--    reveals no user ids (avatar folders) and nothing of hidden hotels or draft recommendations. An object
--    named exactly (info, signed URL, download) stays readable, as its public URL is.

-- ─── helpers ────────────────────────────────────────────────────────────────────
-- True when the storage request in progress enumerates objects. storage-api sets `storage.operation`
-- for every request (read by hosted's storage.operation()); the local stack sets the same names.
-- Outside the storage API (no setting) nothing is enumerated by a prefix, so it is not a listing.
create function private.is_storage_listing()
returns boolean
language sql
stable
set search_path = ''
as $$
  select coalesce(current_setting('storage.operation', true), '') ~ '\.list'
$$;

-- The raster image types the public buckets accept, by extension and by stored type.
create function private.is_raster_image(p_bucket text, p_name text, p_metadata jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select lower(p_name) ~ case when p_bucket = 'avatars' then '\.(png|jpe?g|webp|gif)$' else '\.(png|jpe?g|webp)$' end
    and (
      p_metadata is null or p_metadata ->> 'mimetype' is null
      or lower(split_part(p_metadata ->> 'mimetype', ';', 1))
         = any (case when p_bucket = 'avatars' then array['image/png', 'image/jpeg', 'image/webp', 'image/gif']
                     else array['image/png', 'image/jpeg', 'image/webp'] end)
    )
$$;

-- The images public places show, as `<bucket>/<name>`: a public customer's logo and cover, and the
-- photos of its published recommendations, read from the public URLs those rows store
-- (…/object/public/<bucket>/<name>). Only objects in the customer's own folder count, so a public map
-- cannot make another (hidden) customer's files listable by pointing at them. Policies use it as
-- `(bucket_id || '/' || name) in (select private.publicly_shown_images())`: computed once per statement.
create function private.publicly_shown_images()
returns setof text
language sql
stable
security definer
set search_path = ''
as $$
  select i.path
  from public.customers c
  cross join lateral (
    select substring(u.url from '/object/public/((?:logos|photos)/.+)$') as path
    from (
      select c.logo_url as url
      union all select c.cover_url
      union all select p.url from public.activities a, unnest(a.photos) p(url) where a.customer_id = c.id and a.published
    ) u
  ) i
  where c.is_public
    and i.path is not null
    and split_part(i.path, '/', 2) = c.id
$$;

revoke all on function private.is_storage_listing(), private.is_raster_image(text, text, jsonb), private.publicly_shown_images() from public;
grant execute on function private.is_storage_listing(), private.is_raster_image(text, text, jsonb), private.publicly_shown_images()
  to anon, authenticated, service_role;

-- ─── buckets: raster images only ────────────────────────────────────────────────
update storage.buckets set allowed_mime_types = array['image/png', 'image/jpeg', 'image/webp', 'image/gif'] where id = 'avatars';
update storage.buckets set allowed_mime_types = array['image/png', 'image/jpeg', 'image/webp'] where id in ('logos', 'photos');

-- ─── reads ──────────────────────────────────────────────────────────────────────
drop policy "Anyone can read images in the public buckets" on storage.objects;

create policy "Anyone can look up an image in the public buckets by its name"
  on storage.objects for select to anon, authenticated
  using (bucket_id in ('avatars', 'logos', 'photos') and not (select private.is_storage_listing()));

create policy "Anyone can list the images public places show"
  on storage.objects for select to anon, authenticated
  using (bucket_id in ('logos', 'photos') and (bucket_id || '/' || name) in (select private.publicly_shown_images()));

create policy "Users can list their own avatars"
  on storage.objects for select to authenticated
  using (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text);

create policy "Moderators can list their customer's images"
  on storage.objects for select to authenticated
  using (
    bucket_id in ('logos', 'photos')
    and ((storage.foldername(name))[1] in (select private.moderated_customer_ids()) or (select private.is_admin()))
  );

-- ─── writes: the same rules as before, plus raster images only ──────────────────
drop policy "Users can upload their own avatar" on storage.objects;
drop policy "Users can replace their own avatar" on storage.objects;
drop policy "Moderators can upload their customer's images" on storage.objects;
drop policy "Moderators can replace their customer's images" on storage.objects;

create policy "Users can upload their own avatar"
  on storage.objects for insert to authenticated
  with check (
    bucket_id = 'avatars'
    and (storage.foldername(name))[1] = (select auth.uid())::text
    and (select private.is_active_user())
    and private.is_raster_image(bucket_id, name, metadata)
  );

create policy "Users can replace their own avatar"
  on storage.objects for update to authenticated
  using (
    bucket_id = 'avatars'
    and (storage.foldername(name))[1] = (select auth.uid())::text
    and (select private.is_active_user())
  )
  with check (
    bucket_id = 'avatars'
    and (storage.foldername(name))[1] = (select auth.uid())::text
    and private.is_raster_image(bucket_id, name, metadata)
  );

create policy "Moderators can upload their customer's images"
  on storage.objects for insert to authenticated
  with check (
    bucket_id in ('logos', 'photos')
    and private.can_manage_customer((storage.foldername(name))[1])
    and private.is_raster_image(bucket_id, name, metadata)
  );

create policy "Moderators can replace their customer's images"
  on storage.objects for update to authenticated
  using (
    bucket_id in ('logos', 'photos')
    and private.can_manage_customer((storage.foldername(name))[1])
  )
  with check (
    bucket_id in ('logos', 'photos')
    and private.can_manage_customer((storage.foldername(name))[1])
    and private.is_raster_image(bucket_id, name, metadata)
  );
