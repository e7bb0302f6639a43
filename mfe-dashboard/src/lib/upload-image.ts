// Images go to the public storage buckets under the customer's folder (`<customerId>/…`, written by
// its moderators and admins). PNG, JPEG or WebP up to 5 MB, as the buckets' own rules say
// (supabase/migrations/…_storage_hardening.sql): no SVG, which could carry script.
import type { TypedClient } from '@guestmap/shared-ui/database';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** The accepted types and the extension each is stored under; also the file picker's `accept`. */
export const IMAGE_TYPES: Readonly<Record<string, string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};
export const IMAGE_ACCEPT = Object.keys(IMAGE_TYPES).join(',');

/** The i18n key of what is wrong with `file`, or null when it can be uploaded. */
export function imageProblem(file: { type: string; size: number }): string | null {
  if (!(file.type in IMAGE_TYPES)) return 'settings.imageTypes';
  if (file.size > MAX_IMAGE_BYTES) return 'settings.imageTooBig';
  return null;
}

/** Uploads `file` as `<customerId>/<name>-<time>.<ext>`; the result is its public URL or an i18n key. */
export async function uploadImage(
  db: TypedClient,
  bucket: 'logos' | 'photos',
  customerId: string,
  name: string,
  file: File,
): Promise<{ url: string } | { error: string }> {
  const problem = imageProblem(file);
  if (problem) return { error: problem };
  // The extension follows the type, never the picked file's name (the bucket refuses other extensions).
  const path = `${customerId}/${name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}.${IMAGE_TYPES[file.type]}`;
  const { error } = await db.storage.from(bucket).upload(path, file, { contentType: file.type, upsert: false });
  if (error) {
    const code = (error as { statusCode?: string }).statusCode;
    return {
      error: code === '415' ? 'settings.imageTypes' : code === '413' ? 'settings.imageTooBig' : 'settings.uploadFailed',
    };
  }
  return { url: db.storage.from(bucket).getPublicUrl(path).data.publicUrl };
}
