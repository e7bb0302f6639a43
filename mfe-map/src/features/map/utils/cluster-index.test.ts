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
});
