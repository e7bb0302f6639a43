// The Leaflet map (react-leaflet): tiles from the platform config (a neutral background shows where
// tiles are missing, so the map stays useful offline or on a blocked network), clustered markers,
// the hotel's own marker, the guest's position, and camera moves when a place is chosen.
import 'leaflet/dist/leaflet.css';
import { memo, startTransition, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import L from 'leaflet';
import { AttributionControl, MapContainer, Marker, TileLayer, ZoomControl, useMap, useMapEvents } from 'react-leaflet';
import { MarkersLayer, type MarkerItem } from './markers-layer.tsx';
import type { LatLng } from '../../../lib/utils/distance.ts';

/** A transparent pixel for tiles that fail: the container's neutral background shows through. */
const EMPTY_TILE = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

export interface MapViewProps {
  center: LatLng;
  zoom: number;
  tiles?: { url: string; attribution: string };
  items: MarkerItem[];
  selected: (LatLng & { id: string }) | null;
  onSelect: (id: string) => void;
  onViewChange: (v: LatLng & { zoom: number }) => void;
  hotel: (LatLng & { label: string; color: string }) | null;
  me: LatLng | null;
  meLabel: string;
  /** The zoom buttons' names in the page's language (Leaflet's own are English). */
  zoomLabels: { zoomIn: string; zoomOut: string };
  clusterLabel: (n: number) => string;
  label: string;
}

const PHONE_PANEL_SHARE = 0.72;

function FollowSelection({ selected }: { selected: MapViewProps['selected'] }) {
  const map = useMap();
  const last = useRef<string | null>(null);
  useEffect(() => {
    if (!selected || last.current === selected.id) {
      if (!selected) last.current = null;
      return;
    }
    last.current = selected.id;
    const zoom = Math.max(map.getZoom(), 16);
    // On phones the place's panel covers the lower part of the map: centre the place in what stays visible.
    const mapRect = map.getContainer().getBoundingClientRect();
    const panel = map.getContainer().closest('.gm-mapscreen')?.querySelector('.gm-panel')?.getBoundingClientRect();
    const isBottomSheet = !!panel && panel.width >= mapRect.width - 2;
    // The sheet animates to 72% of the height (map.css, .has-activity): use where it is going.
    const covered = isBottomSheet ? mapRect.height * PHONE_PANEL_SHARE : 0;
    const point = map.project([selected.latitude, selected.longitude], zoom).add([0, covered / 2]);
    const target = map.unproject(point, zoom);
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    if (reduced) map.setView(target, zoom, { animate: false });
    else map.flyTo(target, zoom, { duration: 0.5 });
  }, [map, selected]);
  return null;
}

function FollowMe({ me }: { me: LatLng | null }) {
  const map = useMap();
  useEffect(() => {
    if (me) map.panTo([me.latitude, me.longitude]);
  }, [map, me]);
  return null;
}

function ViewReporter({ onViewChange }: { onViewChange: MapViewProps['onViewChange'] }) {
  const map = useMapEvents({
    moveend() {
      const c = map.getCenter();
      onViewChange({ latitude: c.lat, longitude: c.lng, zoom: map.getZoom() });
    },
  });
  return null;
}

function A11yContainer({ label }: { label: string }) {
  const map = useMap();
  useEffect(() => {
    const el = map.getContainer();
    el.setAttribute('role', 'region');
    el.setAttribute('aria-label', label);
  }, [map, label]);
  return null;
}

function hotelIcon(color: string): L.DivIcon {
  const el = document.createElement('span');
  el.className = 'gm-hotel-pin';
  el.style.setProperty('--pin', color);
  el.textContent = 'H';
  el.setAttribute('aria-hidden', 'true');
  return L.divIcon({ html: el, className: 'gm-pin-icon', iconSize: [48, 48], iconAnchor: [24, 44] });
}

function meIcon(): L.DivIcon {
  const el = document.createElement('span');
  el.className = 'gm-me';
  return L.divIcon({ html: el, className: 'gm-me-icon', iconSize: [22, 22] });
}

/** Its children one task after the map exists. react-leaflet renders a map's layers synchronously right
 *  after creating the map (which measures the page): together they made one long task on a phone; the
 *  map's creation, then its tiles and markers, now are tasks of their own (markers in slices). */
function NextTask({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const id = window.setTimeout(() => startTransition(() => setReady(true)), 0);
    return () => window.clearTimeout(id);
  }, []);
  return ready ? children : null;
}

/** Memoised, with stable callbacks from the map screen: only a change of its own props (places, selection,
 *  the view, the guest's position) renders it again. */
const LEAFLET_CREDIT = '<a href="https://leafletjs.com">Leaflet</a>';

export const MapView = memo(function MapView(p: MapViewProps) {
  const hotelMarkerIcon = useMemo(() => (p.hotel ? hotelIcon(p.hotel.color) : null), [p.hotel]);
  const me = useMemo(() => meIcon(), []);
  return (
    <MapContainer
      className="gm-leaflet"
      center={[p.center.latitude, p.center.longitude]}
      zoom={p.zoom}
      zoomControl={false}
      attributionControl={false}
      minZoom={3}
      maxZoom={19}
      worldCopyJump
    >
      <A11yContainer label={p.label} />
      <NextTask>
        {p.tiles && <TileLayer url={p.tiles.url} attribution={p.tiles.attribution} errorTileUrl={EMPTY_TILE} />}
        {/* The controls come with the tiles, all at once: the attribution's text arriving later would
            push the zoom buttons up under the guest's finger. */}
        {/* Leaflet's credit without its English tooltip; the zoom buttons named in the page's language
            (a new control when the language changes: Leaflet reads the names once). */}
        <AttributionControl position="bottomright" prefix={LEAFLET_CREDIT} />
        <ZoomControl
          key={p.zoomLabels.zoomIn}
          position="bottomright"
          zoomInTitle={p.zoomLabels.zoomIn}
          zoomOutTitle={p.zoomLabels.zoomOut}
        />
        <MarkersLayer
          items={p.items}
          selectedId={p.selected?.id ?? null}
          onSelect={p.onSelect}
          clusterLabel={p.clusterLabel}
        />
        {p.hotel && hotelMarkerIcon && (
          <Marker
            position={[p.hotel.latitude, p.hotel.longitude]}
            icon={hotelMarkerIcon}
            title={p.hotel.label}
            zIndexOffset={500}
            keyboard={false}
            eventHandlers={{
              add: (e) => {
                const el = (e.target as L.Marker).getElement();
                el?.setAttribute('role', 'img');
                el?.setAttribute('aria-label', p.hotel!.label);
              },
            }}
          />
        )}
        {p.me && (
          <Marker
            position={[p.me.latitude, p.me.longitude]}
            icon={me}
            title={p.meLabel}
            keyboard={false}
            interactive={false}
          />
        )}
      </NextTask>
      <FollowSelection selected={p.selected} />
      <FollowMe me={p.me} />
      <ViewReporter onViewChange={p.onViewChange} />
    </MapContainer>
  );
});
