// Clustering of the map's places on a grid of the screen's pixels, one zoom level at a time: only the
// clusters and points visible at the current zoom become DOM markers, so thousands of places pan and zoom
// smoothly.
//
// Why not a hierarchical index (supercluster, used before): it clusters every zoom level (0–17) when the
// places arrive, about 250 ms for 10,000 places on a phone (CPU 4 × slower), before the first marker could
// show, and again for each page of places as it arrives. Here building the index only projects the places
// (one pass); a zoom level is clustered the first time it is shown (one pass over the places, about 10 ms
// for 10,000 on that phone) and kept, so panning only picks the clusters in view.
//
// A zoom level's clusters: the places fall into square cells of `radius` pixels of the world's pixel grid
// at that zoom (fixed cells, so a cluster does not change while panning), then the biggest cells absorb
// a neighbouring cell whose centre of places is closer than `radius` pixels (two halves of one group split
// by a cell's edge become one marker). A cell with fewer than `minPoints` places shows them as places.

export interface PointItem {
  id: string;
  latitude: number;
  longitude: number;
  category: string;
}

export type ClusterOrPoint =
  | {
      kind: 'cluster';
      id: number;
      /** The same while the cluster is the same group at the same zoom, its count and position aside (the
       *  markers update such a cluster in place as more places arrive). */
      key: string;
      latitude: number;
      longitude: number;
      count: number;
      expansionZoom: number;
    }
  | { kind: 'point'; id: string; latitude: number; longitude: number; item: PointItem };

export interface ClusterIndex {
  query: (bbox: [number, number, number, number], zoom: number) => ClusterOrPoint[];
}

/** Web Mercator: longitude and latitude to the world's unit square (x east, y south). */
const toX = (lng: number) => lng / 360 + 0.5;
function toY(lat: number): number {
  const s = Math.sin((Math.max(-85.0511, Math.min(85.0511, lat)) * Math.PI) / 180);
  return 0.5 - (0.25 * Math.log((1 + s) / (1 - s))) / Math.PI;
}
const toLng = (x: number) => (x - 0.5) * 360;
const toLat = (y: number) => (360 / Math.PI) * Math.atan(Math.exp((1 - 2 * y) * Math.PI)) - 90;

/** A zoom level's clusters and lone places, in no particular order. */
type Level = ClusterOrPoint[];

/** Builds an index; `radius` in screen pixels (256-pixel tiles). Points beyond `maxZoom` are never clustered. */
export function buildClusterIndex<T extends PointItem>(
  items: readonly T[],
  opts: { radius?: number; maxZoom?: number; minPoints?: number } = {},
): ClusterIndex {
  const radius = opts.radius ?? 44;
  const maxZoom = opts.maxZoom ?? 17;
  const minPoints = opts.minPoints ?? 3;
  const n = items.length;
  const xs = new Float64Array(n);
  const ys = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    xs[i] = toX(items[i]!.longitude);
    ys[i] = toY(items[i]!.latitude);
  }
  const levels = new Map<number, Level>();
  const point = (i: number): ClusterOrPoint => {
    const item = items[i]!;
    return { kind: 'point', id: item.id, latitude: item.latitude, longitude: item.longitude, item };
  };

  function cluster(z: number): Level {
    if (z > maxZoom) return items.map((_, i) => point(i));
    const scale = 256 * 2 ** z; // the world's width in pixels at this zoom
    // Cells: places counted, coordinates summed, bounds, and the members as a chain (`next`).
    interface Cell {
      cx: number;
      cy: number;
      n: number;
      sx: number;
      sy: number;
      x0: number;
      y0: number;
      x1: number;
      y1: number;
      head: number;
      tail: number;
      gone: boolean;
    }
    const next = new Int32Array(n).fill(-1);
    const cxs = new Int32Array(n);
    const cys = new Int32Array(n);
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    for (let i = 0; i < n; i++) {
      const cx = (cxs[i] = Math.floor((xs[i]! * scale) / radius));
      const cy = (cys[i] = Math.floor((ys[i]! * scale) / radius));
      if (cx < minX) minX = cx;
      if (cx > maxX) maxX = cx;
      if (cy < minY) minY = cy;
      if (cy > maxY) maxY = cy;
    }
    // The cells' numbers in a dense grid over the places' extent (a city: a few thousand cells), or in a
    // map when the places spread over more of the world than that.
    const width = maxX - minX + 3;
    const height = maxY - minY + 3;
    const dense = width * height <= 1 << 22 ? new Int32Array(width * height).fill(-1) : null;
    const sparse = dense ? null : new Map<number, number>();
    const slot = (cx: number, cy: number) => (cy - minY + 1) * width + (cx - minX + 1);
    const cellAt = (cx: number, cy: number) => (dense ? dense[slot(cx, cy)]! : (sparse!.get(slot(cx, cy)) ?? -1));
    const cells: Cell[] = [];
    for (let i = 0; i < n; i++) {
      const x = xs[i]!;
      const y = ys[i]!;
      const cx = cxs[i]!;
      const cy = cys[i]!;
      const k = cellAt(cx, cy);
      if (k < 0) {
        if (dense) dense[slot(cx, cy)] = cells.length;
        else sparse!.set(slot(cx, cy), cells.length);
        cells.push({ cx, cy, n: 1, sx: x, sy: y, x0: x, y0: y, x1: x, y1: y, head: i, tail: i, gone: false });
        continue;
      }
      const c = cells[k]!;
      c.n++;
      c.sx += x;
      c.sy += y;
      if (x < c.x0) c.x0 = x;
      if (x > c.x1) c.x1 = x;
      if (y < c.y0) c.y0 = y;
      if (y > c.y1) c.y1 = y;
      next[c.tail] = i;
      c.tail = i;
    }
    // The biggest cells first absorb a neighbour whose places' centre is within `radius` of theirs.
    const cellsByIndex = cells.slice();
    const order = cells.sort((a, b) => b.n - a.n || a.cy - b.cy || a.cx - b.cx);
    const near = (radius / scale) ** 2;
    for (const c of order) {
      if (c.gone) continue;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          if (!dx && !dy) continue;
          const k = cellAt(c.cx + dx, c.cy + dy);
          if (k < 0) continue;
          const o = cellsByIndex[k]!;
          if (o.gone) continue;
          const ex = o.sx / o.n - c.sx / c.n;
          const ey = o.sy / o.n - c.sy / c.n;
          if (ex * ex + ey * ey >= near) continue;
          o.gone = true;
          c.n += o.n;
          c.sx += o.sx;
          c.sy += o.sy;
          c.x0 = Math.min(c.x0, o.x0);
          c.y0 = Math.min(c.y0, o.y0);
          c.x1 = Math.max(c.x1, o.x1);
          c.y1 = Math.max(c.y1, o.y1);
          next[c.tail] = o.head;
          c.tail = o.tail;
        }
      }
    }
    const out: Level = [];
    let seq = 0;
    for (const c of order) {
      if (c.gone) continue;
      if (c.n < minPoints) {
        for (let i = c.head; i !== -1; i = next[i]!) out.push(point(i));
        continue;
      }
      // It splits about where its places spread over more than a cell (at once past maxZoom).
      const spread = Math.max(c.x1 - c.x0, c.y1 - c.y0) * 256;
      const splits = spread > 0 ? Math.ceil(Math.log2(radius / spread)) : maxZoom + 1;
      out.push({
        kind: 'cluster',
        // Unique across zoom levels, as the markers' keys need.
        id: seq++ * 32 + z,
        key: `${z}:${c.cx}:${c.cy}`,
        latitude: toLat(c.sy / c.n),
        longitude: toLng(c.sx / c.n),
        count: c.n,
        expansionZoom: Math.max(z + 1, Math.min(maxZoom + 1, splits)),
      });
    }
    return out;
  }

  return {
    query([west, south, east, north], zoom) {
      const z = Math.max(0, Math.min(22, Math.round(zoom)));
      let level = levels.get(z);
      if (!level) levels.set(z, (level = cluster(z)));
      return level.filter(
        (c) => c.latitude >= south && c.latitude <= north && c.longitude >= west && c.longitude <= east,
      );
    },
  };
}
