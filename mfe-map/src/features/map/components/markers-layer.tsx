// Category-coloured, clustered markers drawn imperatively into one Leaflet layer group. Only the
// clusters and places inside the view (plus a margin) exist as DOM nodes, so 5,000+ places pan
// and zoom smoothly. Marker content is built as DOM nodes with textContent: place text never
// goes through innerHTML (security.md).
import { useEffect, useMemo, useRef } from 'react';
import L from 'leaflet';
import { useMap } from 'react-leaflet';
import { buildClusterIndex, type ClusterOrPoint } from '../utils/cluster-index.ts';
import { categoryStyle } from '../../../lib/utils/categories.ts';
import { categoryIconElement } from '../../../lib/utils/category-icons.ts';

export interface MarkerItem {
  id: string;
  latitude: number;
  longitude: number;
  category: string;
  /** Accessible name: the place's title and category. */
  label: string;
}

interface Props {
  items: MarkerItem[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  clusterLabel: (count: number) => string;
}

/** Longest stretch of marker creation in one task. */
const SLICE_MS = 8;

function pinElement(category: string, selected: boolean): HTMLElement {
  const { color } = categoryStyle(category);
  const el = document.createElement('span');
  el.className = `gm-pin${selected ? ' is-selected' : ''}`;
  el.style.setProperty('--pin', color);
  el.appendChild(categoryIconElement(category, 14, 'gm-pin-glyph'));
  return el;
}

function clusterElement(count: number): HTMLElement {
  const el = document.createElement('span');
  el.className = 'gm-cluster';
  el.dataset.size = count < 10 ? 's' : count < 100 ? 'm' : 'l';
  el.textContent = count > 999 ? `${Math.round(count / 100) / 10}k` : String(count);
  return el;
}

/** Enter and Space activate a focused marker, like a button (Leaflet alone handles only a
 *  legacy keypress for Enter; preventing keydown's default stops that one from firing twice). */
function activateOnKey(marker: L.Marker, onActivate: () => void) {
  marker.on('add', () => {
    marker.getElement()?.addEventListener('keydown', (e) => {
      if (e.key === 'Enter' || e.key === ' ' || e.key === 'Spacebar') {
        e.preventDefault();
        e.stopPropagation();
        onActivate();
      }
    });
  });
}

export function MarkersLayer({ items, selectedId, onSelect, clusterLabel }: Props) {
  const map = useMap();
  const group = useMemo(() => L.layerGroup(), []);
  const markers = useRef(new Map<string, L.Marker>());
  const index = useMemo(() => buildClusterIndex(items), [items]);
  const byId = useMemo(() => new Map(items.map((i) => [i.id, i])), [items]);
  const latest = useRef({ onSelect, clusterLabel, selectedId });
  latest.current = { onSelect, clusterLabel, selectedId };

  useEffect(() => {
    group.addTo(map);
    const current = markers.current;
    return () => {
      group.remove();
      current.clear();
    };
  }, [map, group]);

  useEffect(() => {
    const current = markers.current;
    // Rebuild from scratch when the data, the selection or the labels change.
    group.clearLayers();
    current.clear();

    const keyOf = (c: ClusterOrPoint) =>
      c.kind === 'cluster' ? `c:${c.id}:${c.count}` : `p:${c.id}${c.id === selectedId ? ':sel' : ''}`;

    const make = (c: ClusterOrPoint): L.Marker => {
      if (c.kind === 'cluster') {
        const size = c.count < 10 ? 36 : c.count < 100 ? 44 : 52;
        const m = L.marker([c.latitude, c.longitude], {
          icon: L.divIcon({ html: clusterElement(c.count), className: 'gm-cluster-icon', iconSize: [size, size] }),
          title: latest.current.clusterLabel(c.count),
          keyboard: true,
        });
        const zoomIn = () =>
          map.flyTo([c.latitude, c.longitude], Math.max(c.expansionZoom, map.getZoom() + 1), { duration: 0.4 });
        m.on('click', zoomIn);
        activateOnKey(m, zoomIn);
        m.on('add', () => m.getElement()?.setAttribute('aria-label', latest.current.clusterLabel(c.count)));
        return m;
      }
      const item = byId.get(c.id)!;
      const selected = c.id === latest.current.selectedId;
      const m = L.marker([c.latitude, c.longitude], {
        icon: L.divIcon({
          html: pinElement(item.category, selected),
          className: 'gm-pin-icon',
          iconSize: [44, 44],
          iconAnchor: [22, 40],
        }),
        title: item.label,
        keyboard: true,
        zIndexOffset: selected ? 1000 : 0,
        riseOnHover: true,
      });
      const pick = () => latest.current.onSelect(c.id);
      m.on('click', pick);
      activateOnKey(m, pick);
      m.on('add', () => {
        const el = m.getElement();
        el?.setAttribute('aria-label', item.label);
        if (selected) el?.setAttribute('aria-current', 'true');
        el?.setAttribute('data-activity-id', c.id);
      });
      return m;
    };

    const render = () => {
      const b = map.getBounds().pad(0.1);
      const zoom = map.getZoom();
      const visible = index.query(
        [b.getWest(), Math.max(-85, b.getSouth()), b.getEast(), Math.min(85, b.getNorth())],
        zoom,
      );
      // The selected place is always drawn as itself, even inside a cluster.
      const sel = selectedId ? byId.get(selectedId) : undefined;
      if (sel && !visible.some((v) => v.kind === 'point' && v.id === sel.id)) {
        visible.push({ kind: 'point', id: sel.id, latitude: sel.latitude, longitude: sel.longitude, item: sel });
      }
      const wanted = new Set<string>();
      const missing: ClusterOrPoint[] = [];
      for (const c of visible) {
        const key = keyOf(c);
        wanted.add(key);
        if (!current.has(key)) missing.push(c);
      }
      for (const [key, m] of current) {
        if (!wanted.has(key)) {
          group.removeLayer(m);
          current.delete(key);
        }
      }
      // Markers are added in slices of about 8 ms, each its own task: a phone stays responsive to taps
      // while a few hundred markers appear (the first slice is drawn at once).
      window.clearTimeout(pending);
      let next = 0;
      const addSlice = () => {
        const until = performance.now() + SLICE_MS;
        while (next < missing.length) {
          const c = missing[next++]!;
          const key = keyOf(c);
          if (current.has(key)) continue;
          const m = make(c);
          current.set(key, m);
          group.addLayer(m);
          if (performance.now() > until) break;
        }
        if (next < missing.length) pending = window.setTimeout(addSlice, 0);
      };
      addSlice();
    };
    // The first markers come a task after the layer is mounted: the tiles and controls mounted with it
    // are one task, the first slice of markers another (together about 120 ms at 4x CPU).
    let pending = window.setTimeout(render, 0);
    map.on('moveend', render);
    return () => {
      window.clearTimeout(pending);
      map.off('moveend', render);
    };
  }, [map, group, index, byId, selectedId]);

  return null;
}
