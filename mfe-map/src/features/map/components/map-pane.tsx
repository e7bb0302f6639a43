// The map's pane: the Leaflet map once the first screen is painted (a placeholder until then), with the
// filtered places as markers, the hotel's own marker, the guest's position and the view kept per customer.
import { Suspense, lazy, useCallback, useMemo } from 'react';
import { useTranslation, type Locale } from '@guestmap/shared-ui/contracts';
import type { Activity, Customer } from '../../../lib/utils/types.ts';
import type { LatLng } from '../../../lib/utils/distance.ts';
import { mapUi } from '../../../lib/store/ui-slice.ts';
import { useMapUi } from '../../../lib/hooks/use-map-ui.ts';
import { useMarkerItems } from '../hooks/use-marker-items.ts';

// Leaflet, react-leaflet and the markers come in a file of their own, asked for as soon as this screen's
// code runs: the header and the list render while it arrives, and evaluating it is a task of its own
// instead of lengthening the screen's first one (a phone stays responsive to taps meanwhile).
const mapViewCode = import('./map-view.tsx');
const MapView = lazy(() => mapViewCode.then((m) => ({ default: m.MapView })));

interface Props {
  customer: Customer;
  /** False until the first screen is painted: the map's code then runs in a task of its own. */
  shown: boolean;
  /** Every place of the customer (a marker's id is looked up here). */
  activities: Activity[];
  /** The places the filters let through, drawn as markers. */
  places: Activity[];
  selected: Activity | null;
  onSelect: (a: Activity) => void;
  me: LatLng | null;
  tiles?: { url: string; attribution: string };
  locale: Locale;
}

const pending = <div className="gm-leaflet gm-leaflet-pending" aria-busy="true" />;

export function MapPane({ customer, shown, activities, places, selected, onSelect, me, tiles, locale }: Props) {
  const { t } = useTranslation('map');
  const [ui, dispatch] = useMapUi();
  const items = useMarkerItems(places, locale);
  // Stable props: panning reports the view at every move's end; the hotel's marker need not be rebuilt.
  const clusterLabel = useCallback((n: number) => t('map.cluster', { count: n }), [t]);
  const zoomLabels = useMemo(() => ({ zoomIn: t('map.zoomIn'), zoomOut: t('map.zoomOut') }), [t]);
  const customerKey = customer.id;
  const onViewChange = useCallback(
    (v: LatLng & { zoom: number }) => dispatch(mapUi.actions.setView({ customerId: customerKey, ...v })),
    [customerKey, dispatch],
  );
  const hotelPin = useMemo(
    () =>
      customer.kind === 'hotel'
        ? {
            latitude: customer.latitude,
            longitude: customer.longitude,
            label: t('map.hotelMarker', { name: customer.name }),
            color: customer.primary_color || '#0E7C86',
          }
        : null,
    [customer, t],
  );
  const selectById = useCallback(
    (id: string) => {
      const a = activities.find((x) => x.id === id);
      if (a) onSelect(a);
    },
    [activities, onSelect],
  );
  const view = ui.view && ui.view.customerId === customer.id ? ui.view : null;

  return (
    <div className="gm-mapwrap">
      <Suspense fallback={pending}>
        {shown ? (
          <MapView
            center={view ?? { latitude: customer.latitude, longitude: customer.longitude }}
            zoom={view?.zoom ?? customer.zoom ?? 16}
            tiles={tiles}
            items={items}
            selected={selected}
            onSelect={selectById}
            onViewChange={onViewChange}
            hotel={hotelPin}
            me={me}
            meLabel={t('browse.youAreHere')}
            zoomLabels={zoomLabels}
            clusterLabel={clusterLabel}
            label={t('map.regionLabel', { name: customer.name })}
          />
        ) : (
          pending
        )}
      </Suspense>
    </div>
  );
}
