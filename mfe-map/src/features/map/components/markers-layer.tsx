// Category-coloured, clustered markers drawn imperatively into one Leaflet layer group. Only the
// clusters and places inside the view (plus a margin) exist as DOM nodes, so 10,000 places pan
// and zoom smoothly. Marker content is built as DOM nodes with textContent: place text never
// goes through innerHTML (security.md). When more places arrive (a big map comes in pages of 1,000),
// the markers that stay the same are kept: only clusters whose count changed and new places are drawn.
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

/**
 * A marker positioned with a 2D translate. Leaflet places every marker with a 3D transform
 * (`translate3d`), which makes each one a compositor layer of its own: the big city on a phone's screen
 * had 125 layers, each layerized and committed again in the frames of a drag; with a 2D translate the
 * markers are painted into their pane's layer (26 layers), which the drag moves as one piece.
 * (`_setPos` is Leaflet 1.9's own positioning of a marker's icon; a divIcon has no shadow.)
 */
class PaneMarker extends L.Marker {
  _setPos(pos: L.Point) {
    const self = this as unknown as { _icon?: HTMLElement & { _leaflet_pos?: L.Point }; _zIndex: number };
    const icon = self._icon;
    if (icon) {
      icon._leaflet_pos = pos;
      icon.style.transform = `translate(${pos.x}px,${pos.y}px)`;
    }
    self._zIndex = pos.y + (this.options.zIndexOffset ?? 0);
    (this as unknown as { _resetZIndex: () => void })._resetZIndex();
  }
}

/** A map narrower than this is a phone's: clustered in cells of PHONE_CELL pixels. */
const PHONE_MAP_WIDTH = 600;
const PHONE_CELL = 64;

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
  const bind = () =>
    marker.getElement()?.addEventListener('keydown', (e) => {
      if (e.key === 'Enter' || e.key === ' ' || e.key === 'Spacebar') {
        e.preventDefault();
        e.stopPropagation();
        onActivate();
      }
    });
  marker.on('add', bind);
  return bind;
}

export function MarkersLayer({ items, selectedId, onSelect, clusterLabel }: Props) {
  const map = useMap();
  const group = useMemo(() => L.layerGroup(), []);
  const markers = useRef(new Map<string, L.Marker>());
  // On a phone's screen the cells are larger (64 px instead of 44): clusters 36-52 px wide no longer
  // overlap, and half as many markers are drawn (each drag frame's style, paint and layerization on the
  // main thread grows with the markers: about 100 on a phone's screen with 44 px cells).
  const radius = map.getSize().x < PHONE_MAP_WIDTH ? PHONE_CELL : undefined;
  const index = useMemo(() => buildClusterIndex(items, { radius }), [items, radius]);
  const byId = useMemo(() => new Map(items.map((i) => [i.id, i])), [items]);
  const latest = useRef({ onSelect });
  latest.current = { onSelect };

  useEffect(() => {
    group.addTo(map);
    const current = markers.current;
    return () => {
      group.remove();
      current.clear();
    };
  }, [map, group]);

  const labelled = useRef(clusterLabel);
  const labels = useRef(new Map<Props['clusterLabel'], Map<number, string>>());
  const clusters = useRef(new WeakMap<L.Marker, Extract<ClusterOrPoint, { kind: 'cluster' }>>());
  const keyHandlers = useRef(new WeakMap<L.Marker, () => void>());

  useEffect(() => {
    const current = markers.current;
    // A marker is drawn again only when what it shows changes: its key holds its position, its count or
    // label, and the selection. The clusters' names change with the page's language: then all are new.
    if (labelled.current !== clusterLabel) {
      labelled.current = clusterLabel;
      group.clearLayers();
      current.clear();
    }

    // A cluster is keyed by its group (its cell at this zoom): as more places arrive, its count and position
    // change in place instead of a new marker replacing it.
    const keyOf = (c: ClusterOrPoint) =>
      c.kind === 'cluster'
        ? `c:${c.key}`
        : `p:${c.id}:${c.latitude},${c.longitude}:${byId.get(c.id)?.label}${c.id === selectedId ? ':sel' : ''}`;
    // A few hundred clusters share counts: each name (a plural rule and a number format) is made once.
    const label = labels.current.get(clusterLabel) ?? new Map<number, string>();
    labels.current = new Map([[clusterLabel, label]]);
    const nameOf = (count: number) => {
      let name = label.get(count);
      if (name === undefined) label.set(count, (name = clusterLabel(count)));
      return name;
    };
    const sizeOf = (count: number) => (count < 10 ? 36 : count < 100 ? 44 : 52);
    const clusterIcon = (count: number) => {
      const size = sizeOf(count);
      return L.divIcon({ html: clusterElement(count), className: 'gm-cluster-icon', iconSize: [size, size] });
    };
    /** The cluster each marker shows now. */
    const shows = clusters.current;
    const rebind = keyHandlers.current;
    const update = (m: L.Marker, c: Extract<ClusterOrPoint, { kind: 'cluster' }>) => {
      const was = shows.get(m)!;
      shows.set(m, c);
      if (was.latitude !== c.latitude || was.longitude !== c.longitude) m.setLatLng([c.latitude, c.longitude]);
      if (was.count === c.count) return;
      m.options.title = nameOf(c.count);
      if (sizeOf(was.count) !== sizeOf(c.count)) {
        // Another size: a new icon element, its name and keys bound again.
        m.setIcon(clusterIcon(c.count));
        rebind.get(m)?.();
      } else {
        // The same icon, its number changed (and kept in its options, should Leaflet build it again).
        const icon = m.options.icon as L.DivIcon;
        icon.options.html = clusterElement(c.count);
        m.getElement()?.replaceChildren(icon.options.html);
      }
      const el = m.getElement();
      el?.setAttribute('title', nameOf(c.count));
      el?.setAttribute('aria-label', nameOf(c.count));
    };

    const make = (c: ClusterOrPoint): L.Marker => {
      if (c.kind === 'cluster') {
        const m = new PaneMarker([c.latitude, c.longitude], {
          icon: clusterIcon(c.count),
          title: nameOf(c.count),
          keyboard: true,
        });
        shows.set(m, c);
        const zoomIn = () => {
          const now = shows.get(m)!;
          map.flyTo([now.latitude, now.longitude], Math.max(now.expansionZoom, map.getZoom() + 1), { duration: 0.4 });
        };
        m.on('click', zoomIn);
        rebind.set(m, activateOnKey(m, zoomIn));
        m.on('add', () => m.getElement()?.setAttribute('aria-label', nameOf(shows.get(m)!.count)));
        return m;
      }
      const item = byId.get(c.id)!;
      const selected = c.id === selectedId;
      const m = new PaneMarker([c.latitude, c.longitude], {
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
      const seen = map.getBounds();
      const b = seen.pad(0.1);
      const zoom = map.getZoom();
      const around = index.query(
        [b.getWest(), Math.max(-85, b.getSouth()), b.getEast(), Math.min(85, b.getNorth())],
        zoom,
      );
      // Those on the screen first (the first slice draws them), then the margin kept for panning.
      const onScreen = (c: ClusterOrPoint) => seen.contains([c.latitude, c.longitude]);
      const visible = [...around.filter(onScreen), ...around.filter((c) => !onScreen(c))];
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
        const m = current.get(key);
        if (!m) missing.push(c);
        else if (c.kind === 'cluster') update(m, c);
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
        // How many places the markers in view stand for now (the benchmark and the browser tests wait on it).
        else map.getContainer().dataset.places = String(items.length);
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
  }, [map, group, index, byId, items, selectedId, clusterLabel]);

  return null;
}
