import { describe, expect, it } from 'vitest';
import { buildClusterIndex, type PointItem } from './cluster-index.ts';

function grid(n: number): PointItem[] {
  const side = Math.ceil(Math.sqrt(n));
  return Array.from({ length: n }, (_, i) => ({
    id: `p${i}`,
    category: 'food',
    latitude: 10.7 + (Math.floor(i / side) * 0.1) / side,
    longitude: 106.65 + ((i % side) * 0.1) / side,
  }));
}
const world: [number, number, number, number] = [-180, -85, 180, 85];

describe('clustering', () => {
  it('groups 5,000 places into a few clusters at city zoom, and the counts add up', () => {
    const items = grid(5000);
    const t0 = performance.now();
    const index = buildClusterIndex(items);
    const at12 = index.query(world, 12);
    const elapsed = performance.now() - t0;
    expect(at12.length).toBeLessThan(150);
    const total = at12.reduce((s, c) => s + (c.kind === 'cluster' ? c.count : 1), 0);
    expect(total).toBe(5000);
    // Indexing and one query stay well under a frame budget of a slow phone times a few.
    expect(elapsed).toBeLessThan(1500);
  });
  it('shows single points when zoomed in past the cluster radius, with their items', () => {
    const items: PointItem[] = [
      { id: 'a', category: 'food', latitude: 10.77, longitude: 106.7 },
      { id: 'b', category: 'cafe', latitude: 10.78, longitude: 106.71 },
    ];
    const r = buildClusterIndex(items).query(world, 16);
    expect(r.map((x) => x.kind)).toEqual(['point', 'point']);
    expect(r.map((x) => (x.kind === 'point' ? x.item.category : '')).sort()).toEqual(['cafe', 'food']);
  });
  it('a cluster knows the zoom at which it splits', () => {
    const items: PointItem[] = Array.from({ length: 4 }, (_, i) => ({
      id: `c${i}`,
      category: 'food',
      latitude: 10.77 + i * 0.001,
      longitude: 106.7,
    }));
    const [c] = buildClusterIndex(items).query(world, 10);
    expect(c?.kind).toBe('cluster');
    if (c?.kind === 'cluster') {
      expect(c.count).toBe(4);
      expect(c.expansionZoom).toBeGreaterThan(10);
    }
  });
  it('10,000 places: indexed and clustered within a phone frame budget, and panning keeps the same clusters', () => {
    const items = grid(10000);
    const t0 = performance.now();
    const index = buildClusterIndex(items);
    const here = index.query([106.6, 10.6, 106.8, 10.85], 13);
    const elapsed = performance.now() - t0;
    expect(here.reduce((s, c) => s + (c.kind === 'cluster' ? c.count : 1), 0)).toBe(10000);
    expect(here.length).toBeLessThan(200);
    // Measured on this machine; a phone is about 4 × slower.
    expect(elapsed).toBeLessThan(100);
    // Half the view further east: the clusters still in view are the same ones, where they were.
    const key = (c: (typeof here)[number]) =>
      `${c.kind}:${c.latitude},${c.longitude}:${c.kind === 'cluster' ? c.count : c.id}`;
    const panned = new Set(index.query([106.7, 10.6, 106.9, 10.85], 13).map(key));
    const kept = here.filter((c) => c.longitude >= 106.7).map(key);
    expect(kept.length).toBeGreaterThan(0);
    for (const k of kept) expect(panned.has(k)).toBe(true);
  });
  it("a group of places across a grid cell's edge is one cluster, not two overlapping", () => {
    const z = 14;
    const scale = 256 * 2 ** z;
    // The edge of two 60-pixel cells near Ho Chi Minh City, and three places 5 pixels either side of it.
    const edge = (Math.floor(((106.7 / 360 + 0.5) * scale) / 60) + 1) * 60;
    const lngAt = (px: number) => (px / scale - 0.5) * 360;
    const items: PointItem[] = [-5, -5, -5, 5, 5, 5].map((dx, i) => ({
      id: `e${i}`,
      category: 'food',
      latitude: 10.77 + i * 1e-6,
      longitude: lngAt(edge + dx),
    }));
    const found = buildClusterIndex(items, { radius: 60 }).query(world, z);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ kind: 'cluster', count: 6 });
  });
});
