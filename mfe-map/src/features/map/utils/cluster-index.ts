// Clustering with supercluster: thousands of places stay smooth because only the clusters and
// points visible at the current zoom become DOM markers.
import Supercluster from 'supercluster';

export interface PointItem {
  id: string;
  latitude: number;
  longitude: number;
  category: string;
}

export type ClusterOrPoint =
  | { kind: 'cluster'; id: number; latitude: number; longitude: number; count: number; expansionZoom: number }
  | { kind: 'point'; id: string; latitude: number; longitude: number; item: PointItem };

export interface ClusterIndex {
  query: (bbox: [number, number, number, number], zoom: number) => ClusterOrPoint[];
}

/** Builds an index; `radius` in pixels. Points beyond maxZoom are never clustered. */
export function buildClusterIndex<T extends PointItem>(
  items: readonly T[],
  opts: { radius?: number; maxZoom?: number } = {},
): ClusterIndex {
  const sc = new Supercluster<{ item: T }>({ radius: opts.radius ?? 72, maxZoom: opts.maxZoom ?? 17, minPoints: 3 });
  sc.load(
    items.map((item) => ({
      type: 'Feature' as const,
      properties: { item },
      geometry: { type: 'Point' as const, coordinates: [item.longitude, item.latitude] },
    })),
  );
  return {
    query(bbox, zoom) {
      const z = Math.max(0, Math.min(22, Math.round(zoom)));
      return sc.getClusters(bbox, z).map((f) => {
        const [lng, lat] = f.geometry.coordinates as [number, number];
        const p = f.properties as { cluster?: boolean; cluster_id?: number; point_count?: number; item?: T };
        if (p.cluster) {
          const id = p.cluster_id!;
          return {
            kind: 'cluster',
            id,
            latitude: lat,
            longitude: lng,
            count: p.point_count!,
            expansionZoom: Math.min(sc.getClusterExpansionZoom(id), 20),
          };
        }
        return { kind: 'point', id: p.item!.id, latitude: lat, longitude: lng, item: p.item! };
      });
    },
  };
}
