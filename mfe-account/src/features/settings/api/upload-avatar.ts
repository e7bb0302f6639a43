// The user's picture in storage (bucket avatars, folder <uid>/: storage policies let a user write only there).
import type { Supabase as SupabaseClient } from '@guestmap/shared-ui/contracts';

/** Uploads an avatar under avatars/<uid>/ and returns its public URL; older avatars are removed. */
export async function uploadAvatar(supabase: SupabaseClient, userId: string, image: Blob): Promise<string> {
  const bucket = supabase.storage.from('avatars');
  const name = `avatar-${Date.now().toString(36)}.jpg`;
  const path = `${userId}/${name}`;
  const { error } = await bucket.upload(path, image, {
    contentType: 'image/jpeg',
    cacheControl: '31536000',
    upsert: false,
  });
  if (error) throw error;
  return bucket.getPublicUrl(path).data.publicUrl;
}

export async function removeOldAvatars(supabase: SupabaseClient, userId: string, keepUrl: string) {
  const bucket = supabase.storage.from('avatars');
  const { data } = await bucket.list(userId, { limit: 100 });
  const old = (data ?? []).map((o) => `${userId}/${o.name}`).filter((p) => !keepUrl.endsWith(`/${p}`));
  if (old.length) await bucket.remove(old);
}
