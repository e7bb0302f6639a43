// Image transformations (storage-api's storage/renderer/image.ts, which hands them to imgproxy): the options
// `render/image` takes (width, height, resize, quality, format), their validation and limits, the
// `X-Transformations` names storage-api reports, the form a signed URL's token carries them in, and the
// rendering itself with sharp (libvips, the library imgproxy is built on), loaded only when first used.
// As the Supabase CLI configures imgproxy: sources up to 50 megapixels and 25 MB, sizes clamped to 1..2000
// (storage-api), never enlarged, EXIF orientation applied and metadata stripped, quality unless asked 80 for
// JPEG and WebP and 62 for AVIF, WebP when the request accepts it and no format is asked. Only raster sources are rendered (JPEG, PNG, WebP, GIF's first frame, AVIF); SVG and anything else
// is refused as imgproxy refuses what it cannot read.
import type { Sharp } from 'sharp';
import { E } from './errors.ts';

export interface TransformOptions {
  width?: number;
  height?: number;
  resize?: 'cover' | 'contain' | 'fill';
  format?: 'origin' | 'avif' | 'webp';
  quality?: number;
}

const RESIZE = ['cover', 'contain', 'fill'] as const;
const FORMATS = ['origin', 'avif', 'webp'] as const;
const SIZE = { min: 1, max: 2000 };
/** the CLI's IMGPROXY_MAX_SRC_RESOLUTION (megapixels) and IMGPROXY_MAX_SRC_FILE_SIZE */
const MAX_SOURCE_PIXELS = 50_000_000;
const MAX_SOURCE_BYTES = 25_000_000;

const clamp = (n: number) => Math.min(Math.max(n, SIZE.min), SIZE.max);

/**
 * Reads and validates transformation options as storage-api's schema does (`where` names the place in
 * its error messages: `querystring` or `body/transform`). Unknown keys are ignored.
 */
export function parseTransform(get: (name: string) => unknown, where: string): TransformOptions {
  const out: TransformOptions = {};
  const int = (name: 'width' | 'height' | 'quality', min: number, max?: number) => {
    const raw = get(name);
    if (raw === undefined || raw === null || raw === '') return;
    const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^-?\d+$/.test(raw) ? Number(raw) : NaN;
    if (!Number.isSafeInteger(n)) throw E.invalidRequest(`${where}/${name} must be integer`);
    if (n < min) throw E.invalidRequest(`${where}/${name} must be >= ${min}`);
    if (max !== undefined && n > max) throw E.invalidRequest(`${where}/${name} must be <= ${max}`);
    out[name] = n;
  };
  int('width', 0);
  int('height', 0);
  int('quality', 20, 100);
  const oneOf = <T extends string>(name: 'resize' | 'format', allowed: readonly T[]): T | undefined => {
    const raw = get(name);
    if (raw === undefined || raw === null || raw === '') return undefined;
    if (!allowed.includes(raw as T))
      throw E.invalidRequest(`${where}/${name} must be equal to one of the allowed values`);
    return raw as T;
  };
  const resize = oneOf('resize', RESIZE);
  if (resize) out.resize = resize;
  const format = oneOf('format', FORMATS);
  if (format) out.format = format;
  return out;
}

/** imgproxy's resizing type for a storage resize mode (storage-api's mapping; cover is the default). */
const resizingType = (resize: TransformOptions['resize']) =>
  resize === 'contain' ? 'fit' : resize === 'fill' ? 'force' : 'fill';

/** What storage-api sends imgproxy and reports in `X-Transformations`, in its order. */
export function transformationNames(t: TransformOptions): string[] {
  const out: string[] = [];
  if (t.height) out.push(`height:${clamp(t.height)}`);
  if (t.width) out.push(`width:${clamp(t.width)}`);
  if (t.width || t.height) out.push(`resizing_type:${resizingType(t.resize)}`);
  if (t.quality) out.push(`quality:${t.quality}`);
  if (t.format && t.format !== 'origin') out.push(`format:${t.format}`);
  return out;
}

/** The options as a signed URL's token keeps them (`height:200,width:200,resize:cover,…`); '' for none. */
export function transformationsClaim(t: TransformOptions): string {
  const out: string[] = [];
  if (t.height) out.push(`height:${t.height}`);
  if (t.width) out.push(`width:${t.width}`);
  if ((t.width || t.height) && t.resize) out.push(`resize:${t.resize}`);
  if (t.quality) out.push(`quality:${t.quality}`);
  if (t.format) out.push(`format:${t.format}`);
  return out.join(',');
}

/** The options back from a token's claim (values it cannot read are dropped, as storage-api drops them). */
export function parseTransformationsClaim(claim: string): TransformOptions {
  const pairs = new Map<string, string>();
  for (const part of claim.split(',')) {
    const [k, v] = part.split(':');
    if (k && v) pairs.set(k, v);
  }
  try {
    return parseTransform((name) => pairs.get(name), 'token');
  } catch {
    return {};
  }
}

export interface Rendered {
  body: Buffer;
  contentType: string;
}

type SharpFn = (typeof import('sharp'))['default'];
let sharpModule: Promise<SharpFn> | null = null;
/** sharp, loaded on the first render (the stack starts without the native library when nothing renders). */
function loadSharp(): Promise<SharpFn> {
  sharpModule ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  });
  return sharpModule;
}

/** Each output format: its type, the CLI's IMGPROXY_FORMAT_QUALITY, and its encoder. */
const OUTPUT: Record<string, { type: string; quality: number; encode: (img: Sharp, quality: number) => Sharp }> = {
  jpeg: { type: 'image/jpeg', quality: 80, encode: (img, q) => img.jpeg({ quality: q, mozjpeg: true }) },
  png: { type: 'image/png', quality: 80, encode: (img) => img.png() },
  webp: { type: 'image/webp', quality: 80, encode: (img, q) => img.webp({ quality: q }) },
  gif: { type: 'image/gif', quality: 80, encode: (img) => img.gif() },
  avif: { type: 'image/avif', quality: 62, encode: (img, q) => img.avif({ quality: q }) },
};

const unsupported = () => E.imageProcessing('The source image is invalid or unsupported for rendering');

/**
 * Renders `source` with the options. `accept` is the request's Accept header: with no format asked, WebP
 * when it lists `image/webp` (the CLI's imgproxy detects WebP support), else the source's own format.
 */
export async function renderImage(source: Buffer, t: TransformOptions, accept: string | undefined): Promise<Rendered> {
  if (source.length > MAX_SOURCE_BYTES) throw E.imageProcessing('The source image file is too large to process');
  const sharp = await loadSharp();
  let input: Sharp;
  let format: string;
  try {
    input = sharp(source, { limitInputPixels: MAX_SOURCE_PIXELS, failOn: 'error' });
    const meta = await input.metadata();
    format = meta.format === 'heif' && meta.compression === 'av1' ? 'avif' : (meta.format ?? '');
  } catch (e) {
    if (e instanceof Error && /pixel limit/i.test(e.message))
      throw E.imageProcessing('The source image resolution is too large to process');
    throw unsupported();
  }
  if (!['jpeg', 'png', 'webp', 'gif', 'avif'].includes(format)) throw unsupported();
  const target =
    t.format === 'webp' || t.format === 'avif'
      ? t.format
      : !t.format && /\bimage\/webp\b/i.test(accept ?? '')
        ? 'webp'
        : format;
  let img = input.rotate();
  const width = t.width ? clamp(t.width) : undefined;
  const height = t.height ? clamp(t.height) : undefined;
  if (width || height) {
    const fit =
      !width || !height ? 'inside' : t.resize === 'contain' ? 'inside' : t.resize === 'fill' ? 'fill' : 'cover';
    img = img.resize({ width, height, fit, withoutEnlargement: true });
  }
  const out = OUTPUT[target]!;
  try {
    const body = await out.encode(img, t.quality ?? out.quality).toBuffer();
    return { body, contentType: out.type };
  } catch {
    throw unsupported();
  }
}
