// Images go to the public storage buckets under the customer's folder (`<customerId>/…`, written by
// its moderators and admins); which files are accepted: ../images.ts.
import type { TypedClient } from '@guestmap/shared-ui/database';
import { IMAGE_TYPES, imageProblem } from '../images.ts';

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
