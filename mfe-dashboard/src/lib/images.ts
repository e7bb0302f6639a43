// The images the public storage buckets take (uploaded by api/upload-image.ts): PNG, JPEG or WebP up to 5 MB, as
// the buckets' own rules say (supabase/migrations/…_storage_hardening.sql): no SVG, which could carry script.

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
