// Leaflet map to place the new customer: click to put the marker, drag it to adjust; the zoom is
// the map's. Tiles may be unreachable (offline, local stack): the map still takes clicks and the
// coordinate fields beside it remain the reliable way in.
import { useEffect, useMemo, useRef } from 'react';
import { MapContainer, Marker, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { usePlatform } from '@guestmap/shared-ui/contracts';

export interface Position {
  latitude: number;
  longitude: number;
}

// An inline SVG pin (no image files: the remote's assets are not on the page's origin).
const pin = L.divIcon({
  className: 'gm-account-pin',
  html: '<svg width="32" height="44" viewBox="0 0 32 44" aria-hidden="true"><path d="M16 0C7.2 0 0 7.2 0 16c0 12 16 28 16 28s16-16 16-28C32 7.2 24.8 0 16 0z" fill="#5AB77B" stroke="#1f5f37" stroke-width="2"/><circle cx="16" cy="16" r="6" fill="#fff"/></svg>',
  iconSize: [32, 44],
  iconAnchor: [16, 44],
});

function Events({ onPick, onZoom }: { onPick: (p: Position) => void; onZoom: (z: number) => void }) {
  useMapEvents({
    click: (e) => onPick({ latitude: round(e.latlng.lat), longitude: round(e.latlng.lng) }),
    zoomend: (e) => onZoom((e.target as L.Map).getZoom()),
  });
  return null;
}

/** Follows position/zoom changes made outside the map (search, typed coordinates). */
function Follow({ center, zoom }: { center: Position | null; zoom: number }) {
  const map = useMap();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (center) {
      const cur = map.getCenter();
      const moved = Math.abs(cur.lat - center.latitude) > 1e-6 || Math.abs(cur.lng - center.longitude) > 1e-6;
      if (moved || map.getZoom() !== zoom) map.setView([center.latitude, center.longitude], zoom);
    } else if (map.getZoom() !== zoom) map.setZoom(zoom);
  }, [map, center, zoom]);
  return null;
}

export const round = (v: number) => Math.round(v * 1e6) / 1e6;

export function PositionMap({
  position,
  zoom,
  fallbackCenter,
  label,
  onChange,
  onZoom,
}: {
  position: Position | null;
  zoom: number;
  fallbackCenter: Position;
  label: string;
  onChange: (p: Position) => void;
  onZoom: (z: number) => void;
}) {
  const { config } = usePlatform();
  const center = position ?? fallbackCenter;
  const tiles = config.tiles ?? {
    url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    attribution: '© OpenStreetMap contributors',
  };
  const handlers = useMemo(
    () => ({
      dragend: (e: L.LeafletEvent) => {
        const ll = (e.target as L.Marker).getLatLng();
        onChange({ latitude: round(ll.lat), longitude: round(ll.lng) });
      },
    }),
    [onChange],
  );
  return (
    <div
      role="application"
      aria-label={label}
      style={{
        height: 320,
        borderRadius: 12,
        overflow: 'hidden',
        border: '1px solid var(--gm-border, #dfe5e1)',
        background: '#e8eee9',
      }}
    >
      <MapContainer
        center={[center.latitude, center.longitude]}
        zoom={zoom}
        style={{ height: '100%', width: '100%' }}
        scrollWheelZoom={false}
      >
        <TileLayer url={tiles.url} attribution={tiles.attribution} />
        <Events onPick={onChange} onZoom={onZoom} />
        <Follow center={position} zoom={zoom} />
        {position && (
          <Marker
            position={[position.latitude, position.longitude]}
            draggable
            icon={pin}
            eventHandlers={handlers}
            title={label}
          />
        )}
      </MapContainer>
    </div>
  );
}
