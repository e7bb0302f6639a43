// A small Leaflet map for forms: place a marker by clicking or dragging it (a place's position in the
// dashboard's editor; a new map's position and zoom in the account's creation screen), or frame the map by
// moving and zooming it (a customer's centre and zoom in the dashboard's settings). Tiles come from the
// platform config; where they cannot load, a neutral background and the marker remain, so the map still
// takes clicks offline or on a blocked network and the coordinate fields beside it remain the sure way in.
import 'leaflet/dist/leaflet.css';
import { useEffect, useMemo, useRef } from 'react';
import L from 'leaflet';
import { MapContainer, Marker, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import { Form, type FormInstance } from 'antd';
import { usePlatform } from '@guestmap/shared-ui/contracts';
import { isPoint, round6, type Point } from './point.ts';

/** A transparent pixel for tiles that fail: the container's background shows through. */
const EMPTY_TILE = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

// A teardrop (a square with three round corners, turned 45°): its tip sits about 20 px below its centre.
const pin = () => {
  const el = document.createElement('span');
  el.style.cssText =
    'display:block;width:22px;height:22px;border-radius:50% 50% 50% 0;transform:rotate(-45deg);background:#d9363e;border:3px solid #fff;box-shadow:0 1px 4px rgba(0,0,0,.4)';
  return L.divIcon({ html: el, className: 'gm-picker-pin', iconSize: [28, 28], iconAnchor: [14, 34] });
};

/** Follows values changed outside the map (typed in the number fields, a search's result). */
function Follow({ center, zoom }: { center: Point | null; zoom?: number }) {
  const map = useMap();
  useEffect(() => {
    if (!center) {
      if (zoom !== undefined && zoom !== map.getZoom()) map.setZoom(zoom, { animate: false });
      return;
    }
    const c = map.getCenter();
    const same =
      Math.abs(c.lat - center.latitude) < 1e-6 &&
      Math.abs(c.lng - center.longitude) < 1e-6 &&
      (zoom === undefined || zoom === map.getZoom());
    if (!same) map.setView([center.latitude, center.longitude], zoom ?? map.getZoom(), { animate: false });
  }, [map, center, zoom]);
  return null;
}

function Events({
  onClick,
  onView,
  onZoom,
}: {
  onClick?: (p: Point) => void;
  onView?: (p: Point, zoom: number) => void;
  onZoom?: (zoom: number) => void;
}) {
  const map = useMapEvents({
    click(e) {
      onClick?.({ latitude: round6(e.latlng.lat), longitude: round6(e.latlng.lng) });
    },
    zoomend() {
      onZoom?.(map.getZoom());
    },
    moveend() {
      const c = map.getCenter();
      onView?.({ latitude: round6(c.lat), longitude: round6(c.lng) }, map.getZoom());
    },
  });
  return null;
}

function Label({ label }: { label: string }) {
  const map = useMap();
  useEffect(() => {
    const el = map.getContainer();
    el.setAttribute('role', 'application');
    el.setAttribute('aria-label', label);
  }, [map, label]);
  return null;
}

export type MapPickerProps = { label: string; height?: number; fallbackCenter: Point; fallbackZoom?: number } & (
  | {
      mode: 'marker';
      value: Partial<Point> | null;
      onChange: (p: Point) => void;
      /** A zoom kept outside the map (optional): followed, and reported when the map zooms. */
      zoom?: number | null;
      onZoomChange?: (zoom: number) => void;
    }
  | {
      mode: 'view';
      value: Partial<Point> | null;
      zoom: number | null | undefined;
      onViewChange: (p: Point, zoom: number) => void;
    }
);

export function MapPicker(props: MapPickerProps) {
  const { config } = usePlatform();
  const icon = useMemo(pin, []);
  const point = isPoint(props.value) ? { latitude: props.value.latitude, longitude: props.value.longitude } : null;
  const lat = point?.latitude;
  const lng = point?.longitude;
  // A stable object per position, so Follow runs only when the position moves.
  const center = useMemo(
    () => (lat === undefined || lng === undefined ? null : { latitude: lat, longitude: lng }),
    [lat, lng],
  );
  const zoom = typeof props.zoom === 'number' && props.zoom >= 1 && props.zoom <= 20 ? props.zoom : undefined;
  const start = useRef({ center: point ?? props.fallbackCenter, zoom: zoom ?? props.fallbackZoom ?? 15 });
  const onChange = props.mode === 'marker' ? props.onChange : undefined;

  return (
    <div
      style={{
        position: 'relative',
        height: props.height ?? 260,
        borderRadius: 8,
        overflow: 'hidden',
        background: '#e8ece9',
        border: '1px solid #d0d7d2',
      }}
      data-testid="map-picker"
    >
      <MapContainer
        center={[start.current.center.latitude, start.current.center.longitude]}
        zoom={start.current.zoom}
        style={{ height: '100%', width: '100%', background: 'transparent' }}
        scrollWheelZoom={false}
        attributionControl={!!config.tiles}
      >
        <Label label={props.label} />
        {config.tiles && (
          <TileLayer url={config.tiles.url} attribution={config.tiles.attribution} errorTileUrl={EMPTY_TILE} />
        )}
        <Follow center={center} zoom={zoom} />
        {props.mode === 'marker' ? (
          <>
            <Events onClick={onChange} onZoom={props.onZoomChange} />
            {point && (
              <Marker
                position={[point.latitude, point.longitude]}
                icon={icon}
                draggable
                keyboard={false}
                title={props.label}
                eventHandlers={{
                  dragend(e) {
                    const p = (e.target as L.Marker).getLatLng();
                    onChange?.({ latitude: round6(p.lat), longitude: round6(p.lng) });
                  },
                }}
              />
            )}
          </>
        ) : (
          <Events onView={props.onViewChange} />
        )}
      </MapContainer>
      {props.mode === 'view' && (
        // The centre being chosen: a cross over the middle of the map (it does not catch the pointer).
        <span
          aria-hidden
          style={{
            position: 'absolute',
            left: '50%',
            top: '50%',
            width: 24,
            height: 24,
            margin: '-12px 0 0 -12px',
            zIndex: 500,
            pointerEvents: 'none',
            background:
              'linear-gradient(#d9363e,#d9363e) center/2px 100% no-repeat, linear-gradient(#d9363e,#d9363e) center/100% 2px no-repeat',
          }}
        />
      )}
    </div>
  );
}

/**
 * The picker bound to a form's `latitude` and `longitude` fields (and `zoom` in view mode): the
 * number fields and the map stay in step either way, and the fields are re-validated after a move.
 */
export function FormMapPicker({
  form,
  mode,
  label,
  hint,
  fallbackCenter,
  fallbackZoom,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form whose values include latitude/longitude(/zoom)
  form: FormInstance<any>;
  mode: 'marker' | 'view';
  label: string;
  hint: string;
  fallbackCenter: Point;
  fallbackZoom: number;
}) {
  const fields = mode === 'view' ? ['latitude', 'longitude', 'zoom'] : ['latitude', 'longitude'];
  const set = (values: Record<string, number>) => {
    form.setFieldsValue(values);
    void form.validateFields(fields);
  };
  return (
    <Form.Item
      noStyle
      shouldUpdate={(a: Record<string, unknown>, b: Record<string, unknown>) => fields.some((f) => a[f] !== b[f])}
    >
      {() => {
        const value = {
          latitude: form.getFieldValue('latitude') as number,
          longitude: form.getFieldValue('longitude') as number,
        };
        const common = { label, value, fallbackCenter, fallbackZoom };
        return (
          <Form.Item extra={hint}>
            {mode === 'marker' ? (
              <MapPicker mode="marker" {...common} onChange={(p) => set({ ...p })} />
            ) : (
              <MapPicker
                mode="view"
                {...common}
                zoom={form.getFieldValue('zoom') as number}
                onViewChange={(p, zoom) => set({ ...p, zoom })}
              />
            )}
          </Form.Item>
        );
      }}
    </Form.Item>
  );
}
