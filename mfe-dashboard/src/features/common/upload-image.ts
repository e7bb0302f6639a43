// Images go to the public storage buckets under the customer's folder (`<customerId>/…`, written by
// its moderators and admins; 5 MB, images only: supabase/README-data.md "Storage").
import type { TypedClient } from '@guestmap/shared-ui/database';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** Uploads `file` as `<customerId>/<name>-<time>.<ext>`; the result is its public URL or an i18n key. */
export async function uploadImage(db: TypedClient, bucket: 'logos' | 'photos', customerId: string, name: string, file: File): Promise<{ url: string } | { error: string }> {
  if (!file.type.startsWith('image/')) return { error: 'settings.imageOnly' };
  if (file.size > MAX_IMAGE_BYTES) return { error: 'settings.imageTooBig' };
  const ext = (file.name.split('.').pop() ?? 'png').toLowerCase().replace(/[^a-z0-9]/g, '') || 'png';
  const path = `${customerId}/${name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}.${ext}`;
  const { error } = await db.storage.from(bucket).upload(path, file, { contentType: file.type, upsert: false });
  if (error) return { error: 'settings.uploadFailed' };
  return { url: db.storage.from(bucket).getPublicUrl(path).data.publicUrl };
}
