// The profile picture is cropped to a centred square and scaled down (never up) to at most 512 px
// in the browser, so uploads stay small whatever the camera produced.
export const AVATAR_MAX = 512;

export interface SquareCrop {
  /** Source rectangle (a centred square of the original). */
  sx: number;
  sy: number;
  size: number;
  /** Output width = height. */
  out: number;
}

export function squareCrop(width: number, height: number, max = AVATAR_MAX): SquareCrop {
  if (!(width > 0) || !(height > 0)) throw new RangeError('image has no size');
  const size = Math.min(width, height);
  return {
    sx: Math.floor((width - size) / 2),
    sy: Math.floor((height - size) / 2),
    size,
    out: Math.max(1, Math.min(max, size)),
  };
}

/** Crops and resizes an image file with a canvas; resolves to a JPEG blob. */
export async function resizeToSquare(file: Blob, max = AVATAR_MAX): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  try {
    const c = squareCrop(bitmap.width, bitmap.height, max);
    const canvas = document.createElement('canvas');
    canvas.width = c.out;
    canvas.height = c.out;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2d canvas');
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, c.out, c.out);
    ctx.imageSmoothingEnabled = true;
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(bitmap, c.sx, c.sy, c.size, c.size, 0, 0, c.out, c.out);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('encoding failed'))), 'image/jpeg', 0.88),
    );
  } finally {
    bitmap.close();
  }
}
