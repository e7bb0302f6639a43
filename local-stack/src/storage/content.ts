// What the storage service checks in and adds to stored bytes, beyond the bucket's rules.
// Served objects are inert documents: `nosniff` keeps the stored type authoritative, and the CSP
// sandbox gives an object opened directly (an SVG, say) an opaque origin with no script, no forms, no
// plugins and no sub-requests. Neither header affects an image shown by an <img> on another page: a
// subresource's own CSP is not applied, and its type is already an image type.
export const OBJECT_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/** The content type an object is served with: HTML as plain text (as hosted Storage serves it). */
export function servedContentType(stored: string): string {
  const base = stored.split(';')[0]!.trim().toLowerCase();
  if (base === 'text/html' || base === 'application/xhtml+xml') return 'text/plain; charset=utf-8';
  return stored;
}

/**
 * True when bytes declared as an image that cannot hold markup (any image/* but SVG) begin with markup:
 * an SVG, HTML or XML document under a raster type (`logo.png` holding `<svg onload=…>`). No PNG, JPEG,
 * GIF, WebP, AVIF, BMP, ICO or TIFF file starts with `<`.
 */
export function markupUnderImageType(mimetype: string, data: Buffer): boolean {
  const base = mimetype.split(';')[0]!.trim().toLowerCase();
  if (!base.startsWith('image/') || base === 'image/svg+xml') return false;
  let i = 0;
  if (data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf)
    i = 3; // UTF-8 BOM
  else if ((data[0] === 0xfe && data[1] === 0xff) || (data[0] === 0xff && data[1] === 0xfe)) return true; // UTF-16 text
  while (
    i < data.length &&
    (data[i] === 0x20 || data[i] === 0x09 || data[i] === 0x0a || data[i] === 0x0d || data[i] === 0x0c)
  )
    i++;
  return data[i] === 0x3c; // '<'
}
