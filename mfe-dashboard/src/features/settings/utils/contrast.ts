// WCAG 2 contrast between a brand colour and the text drawn on it.
export function parseHex(hex: string): [number, number, number] | null {
  const m = /^#([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return null;
  const n = parseInt(m[1]!, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function luminance([r, g, b]: [number, number, number]): number {
  const f = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
}

export function contrastRatio(a: string, b: string): number | null {
  const x = parseHex(a);
  const y = parseHex(b);
  if (!x || !y) return null;
  const [hi, lo] = [luminance(x), luminance(y)].sort((p, q) => q - p) as [number, number];
  return Math.round(((hi + 0.05) / (lo + 0.05)) * 100) / 100;
}

/** The better of white or near-black text on the colour, with its ratio and whether it meets AA (4.5). */
export function bestTextOn(colour: string): { text: '#ffffff' | '#111111'; ratio: number; passesAA: boolean } | null {
  const w = contrastRatio(colour, '#ffffff');
  const k = contrastRatio(colour, '#111111');
  if (w === null || k === null) return null;
  return w >= k ? { text: '#ffffff', ratio: w, passesAA: w >= 4.5 } : { text: '#111111', ratio: k, passesAA: k >= 4.5 };
}
