// Fortune wheel geometry. Segment i spans [i·s, (i+1)·s) degrees clockwise from the top, where
// s = 360 / n; the pointer sits at the top. Rotating the wheel clockwise by R degrees puts the
// wheel angle (−R mod 360) under the pointer.
export const segmentSize = (n: number): number => 360 / n;

export function landedIndex(rotation: number, n: number): number {
  const a = ((-rotation % 360) + 360) % 360;
  return Math.min(n - 1, Math.floor(a / segmentSize(n)));
}

/**
 * The rotation (always forward from `current`, at least `turns` full turns) that stops segment
 * `index` under the pointer, `offset` (−0.5…0.5 of a segment) away from its centre.
 */
export function targetRotation(current: number, index: number, n: number, turns = 5, offset = 0): number {
  const s = segmentSize(n);
  const within = index * s + s / 2 + Math.max(-0.4, Math.min(0.4, offset)) * s;
  const base = Math.ceil(current / 360) * 360 + 360 * turns;
  return base - within;
}

/** SVG path of segment i on a wheel of radius r centred at 0,0 (angles clockwise from the top). */
export function segmentPath(i: number, n: number, r: number): string {
  const s = segmentSize(n);
  const point = (deg: number) => {
    const rad = ((deg - 90) * Math.PI) / 180;
    return `${(r * Math.cos(rad)).toFixed(3)} ${(r * Math.sin(rad)).toFixed(3)}`;
  };
  if (n === 1) return `M 0 ${-r} A ${r} ${r} 0 1 1 0 ${r} A ${r} ${r} 0 1 1 0 ${-r} Z`;
  return `M 0 0 L ${point(i * s)} A ${r} ${r} 0 ${s > 180 ? 1 : 0} 1 ${point((i + 1) * s)} Z`;
}
