// How much of a scratch card's cover is gone: the share of sampled pixels whose alpha is (almost) 0.
export function clearedFraction(rgba: Uint8ClampedArray, step = 8): number {
  let cleared = 0;
  let total = 0;
  for (let i = 3; i < rgba.length; i += 4 * step) {
    total++;
    if (rgba[i]! < 32) cleared++;
  }
  return total ? cleared / total : 0;
}

export const REVEAL_AT = 0.5;
