-- Storage: public image buckets. avatars/<uid>/... written by that user; logos/<customerId>/... and
-- photos/<customerId>/... written by the customer's moderators and administrators.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values
  ('avatars', 'avatars', true, 2 * 1024 * 1024, array['image/png', 'image/jpeg', 'image/webp', 'image/gif']),
  ('logos', 'logos', true, 5 * 1024 * 1024, array['image/png', 'image/jpeg', 'image/webp', 'image/svg+xml']),
  ('photos', 'photos', true, 5 * 1024 * 1024, array['image/png', 'image/jpeg', 'image/webp'])
on conflict (id) do update
set public = excluded.public,
    file_size_limit = excluded.file_size_limit,
    allowed_mime_types = excluded.allowed_mime_types;

create policy "Anyone can read images in the public buckets"
  on storage.objects for select to anon, authenticated
  using (bucket_id in ('avatars', 'logos', 'photos'));

create policy "Users can upload their own avatar"
  on storage.objects for insert to authenticated
  with check (
    bucket_id = 'avatars'
    and (storage.foldername(name))[1] = (select auth.uid())::text
    and (select private.is_active_user())
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
  );

create policy "Users can delete their own avatar"
  on storage.objects for delete to authenticated
  using (
    bucket_id = 'avatars'
    and (storage.foldername(name))[1] = (select auth.uid())::text
    and (select private.is_active_user())
  );

create policy "Moderators can upload their customer's images"
  on storage.objects for insert to authenticated
  with check (
    bucket_id in ('logos', 'photos')
    and private.can_manage_customer((storage.foldername(name))[1])
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
  );

create policy "Moderators can delete their customer's images"
  on storage.objects for delete to authenticated
  using (
    bucket_id in ('logos', 'photos')
    and private.can_manage_customer((storage.foldername(name))[1])
  );
