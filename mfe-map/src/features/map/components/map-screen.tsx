// The Map and Activity routes (one component for both: the exposed ActivityScreen re-exports it).
// Owns the browsing state (filters in the remote's slice, selection in the URL) and wires the
// map, the list (bottom sheet on phones, side panel from 960 px) and the activity panel together.
import { Suspense, lazy, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation, usePlatform, useParams, useSearchParams } from '@guestmap/shared-ui/contracts';
import { pickText } from '@guestmap/shared-ui/i18n';
import { Spinner } from '@guestmap/shared-ui/components';
import { up } from '@guestmap/shared-ui/tokens';
import { usePlaces } from '../../../lib/api/get-places.ts';
import { CATEGORIES, type Activity, type Category } from '../../../lib/utils/types.ts';
import { timeZoneFor } from '../../../lib/utils/time-zone.ts';
import { queryWords, searchRank } from '../../browse/utils/search.ts';
import { distanceMetres, type LatLng } from '../../../lib/utils/distance.ts';
import { FilterBar, type NearState } from '../../browse/components/filter-bar.tsx';
import { PlaceList, type ListEntry } from '../../browse/components/place-list.tsx';
import { ActivityPanel } from '../../activity/components/activity-panel.tsx';
import { statusLookup } from '../../../lib/utils/opening-hours.ts';
import { labelCache } from '../../../lib/utils/label-cache.ts';
import { recordEvent } from '../../../lib/api/record-event.ts';
import { useQrEntry } from '../../../lib/hooks/use-qr-entry.ts';
import { useFavourites } from '../../activity/api/favourites.ts';
import { useCampaigns } from '../../rewards/api/campaigns.ts';
import { RewardsEntry } from '../../rewards/components/rewards-entry.tsx';
import { mapUi } from '../../../lib/store/ui-slice.ts';
import { useMapUi } from '../../../lib/hooks/use-map-ui.ts';
import { useNow } from '../../../lib/hooks/use-now.ts';
import { useStableArray } from '../../../lib/hooks/use-stable-array.ts';
import { useAfterPaint } from '../../../lib/hooks/use-after-paint.ts';
import { useIdleAfter } from '../../../lib/hooks/use-idle-after.ts';
import { useMedia } from '../../../lib/hooks/use-media.ts';
import { BrandHeader } from './brand-header.tsx';
import type { MarkerItem } from './markers-layer.tsx';
import '../../../styles/map.css';

// Leaflet, react-leaflet and the markers come in a file of their own, asked for as soon as this screen's
// code runs: the header and the list render while it arrives, and evaluating it is a task of its own
// instead of lengthening the screen's first one (a phone stays responsive to taps meanwhile).
const mapViewCode = import('./map-view.tsx');
const MapView = lazy(() => mapViewCode.then((m) => ({ default: m.MapView })));

export default function MapScreen() {
  const { t } = useTranslation('map');
  const platform = usePlatform();
  const { db, locale, navigateTo, hrefFor, toast, user, requestSignIn, config } = platform;
  const { customerId, activitySlug, activityId } = useParams();
  const [search] = useSearchParams();
  const places = usePlaces(db, platform.store, customerId);
  const [ui, dispatch] = useMapUi();
  const now = useNow();
  const desktop = useMedia(up('md'));
  const [near, setNear] = useState<NearState>('off');
  const [me, setMe] = useState<LatLng | null>(null);
  const favourites = useFavourites(db, user?.id ?? null);

  useEffect(() => {
    if (customerId) dispatch(mapUi.actions.enterCustomer(customerId));
  }, [customerId, dispatch]);
  useQrEntry(activityId || activitySlug ? 'Activity' : 'Map', customerId, { activitySlug, activityId }, search);

  const ready = places.status === 'ready' ? places : null;
  const customer = ready?.customer ?? null;
  const activities = useMemo(() => ready?.activities ?? [], [ready]);
  // Shown while the API cannot answer: the places of the last visit, or only the welcome (issue 32).
  const placesShown = ready?.shown ?? 'fresh';
  const timeZone = timeZoneFor(customer);
  const mapShown = useAfterPaint(customer !== null);
  // A phone's list starts closed (the sheet shows its handle and the filters): its rows, up to a hundred
  // links of ten elements each, are built once the page is idle after the map, or at once when it opens.
  const listIdle = useIdleAfter(mapShown);
  // Hotels with a live scratch card or wheel get a rewards entry; city maps never do.
  const campaigns = useCampaigns(db, customer?.kind === 'hotel' ? customer.id : null);

  // map_view once per customer per mount.
  const viewed = useRef<string | null>(null);
  useEffect(() => {
    if (customer && viewed.current !== customer.id) {
      viewed.current = customer.id;
      void recordEvent(db, customer.id, 'map_view');
    }
  }, [customer, db]);

  // The selected activity comes from the URL (deep links open directly; Back closes it).
  const selected = useMemo<Activity | null>(() => {
    if (!activityId && !activitySlug) return null;
    return (
      activities.find((a) => a.id === activityId) ??
      (activitySlug ? activities.find((a) => a.slug === activitySlug) : undefined) ??
      null
    );
  }, [activities, activityId, activitySlug]);
  const missingWarned = useRef<string | null>(null);
  useEffect(() => {
    // Only fresh places can say a place is gone: kept ones may predate it, and the welcome alone has none.
    if (!ready || ready.shown !== 'fresh' || !customerId || (!activityId && !activitySlug) || selected) return;
    const key = `${activitySlug}/${activityId}`;
    if (missingWarned.current === key) return;
    missingWarned.current = key;
    toast.warning(t('activity.notFound'));
    navigateTo('Map', { customerId }, undefined, { replace: true });
  }, [ready, customerId, activityId, activitySlug, selected, toast, t, navigateTo]);

  useEffect(() => {
    if (selected && customerId) void recordEvent(db, customerId, 'activity_view', selected.id);
  }, [selected, customerId, db]);

  // Filters.
  const categories = useMemo(() => CATEGORIES.filter((c) => activities.some((a) => a.category === c)), [activities]);
  const minute = Math.floor(now.getTime() / 60000);
  // Opening statuses are computed when asked for: by the "open now" filter (every place), by the list (the
  // rows it shows). A phone whose list is closed computes none on the map's first screen.
  const statusOf = useMemo(() => {
    const lookup = statusLookup(new Date(minute * 60000), timeZone);
    return (a: Activity) => lookup(a.opening_hours);
  }, [minute, timeZone]);
  // Only the "open now" filter needs the entries again when the minute changes.
  const openFilter = ui.openNow ? statusOf : null;
  const entries = useMemo<ListEntry[]>(() => {
    const list: ListEntry[] = [];
    const words = queryWords(ui.query);
    const rank = new Map<ListEntry, number>();
    for (const a of activities) {
      if (ui.categories.length && !ui.categories.includes(a.category)) continue;
      const r = words.length ? searchRank(a, words, locale) : 0;
      if (r === null) continue;
      if (openFilter && openFilter(a).state !== 'open') continue;
      const entry = { activity: a, distance: me ? distanceMetres(me, a) : null };
      rank.set(entry, r);
      list.push(entry);
    }
    // A match in the name comes before a match elsewhere; then nearest first (Near me) or the list's order.
    if (words.length || me)
      list.sort((x, y) => rank.get(x)! - rank.get(y)! || (me ? (x.distance ?? 0) - (y.distance ?? 0) : 0));
    return list;
  }, [activities, ui.categories, ui.query, openFilter, me, locale]);

  // The places on the map: the same array while the same places are shown. With "open now" on, the minute's
  // tick recomputes the entries; rebuilding the markers for it took every marker away and back each minute
  // (with 10,000 places, the cluster index too), and a focused marker lost the focus.
  const shown = useStableArray(useMemo(() => entries.map((e) => e.activity), [entries]));
  const markerItems = useMemo<MarkerItem[]>(() => {
    const category = labelCache((c: string) => t(`category.${c}`)); // one lookup per category, not per place
    return shown.map((a) => ({
      id: a.id,
      latitude: a.latitude,
      longitude: a.longitude,
      category: a.category,
      label: `${pickText(a.title, locale)}, ${category(a.category)}`,
    }));
  }, [shown, locale, t]);

  // Stable props: panning reports the view at every move's end; the list need not render again for it (a
  // hundred rows), nor the hotel's marker be rebuilt.
  const listHref = useCallback(
    (a: Activity) => hrefFor('Activity', { customerId, activitySlug: a.slug, activityId: a.id }),
    [hrefFor, customerId],
  );
  const clusterLabel = useCallback((n: number) => t('map.cluster', { count: n }), [t]);
  const zoomLabels = useMemo(() => ({ zoomIn: t('map.zoomIn'), zoomOut: t('map.zoomOut') }), [t]);
  const customerKey = customer?.id ?? null;
  const onViewChange = useCallback(
    (v: LatLng & { zoom: number }) => {
      if (customerKey) dispatch(mapUi.actions.setView({ customerId: customerKey, ...v }));
    },
    [customerKey, dispatch],
  );
  const hotelPin = useMemo(
    () =>
      customer?.kind === 'hotel'
        ? {
            latitude: customer.latitude,
            longitude: customer.longitude,
            label: t('map.hotelMarker', { name: customer.name }),
            color: customer.primary_color || '#0E7C86',
          }
        : null,
    [customer, t],
  );

  const select = useCallback(
    (a: Activity) => {
      if (!customerId) return;
      navigateTo('Activity', { customerId, activitySlug: a.slug, activityId: a.id });
    },
    [customerId, navigateTo],
  );
  const selectById = useCallback(
    (id: string) => {
      const a = activities.find((x) => x.id === id);
      if (a) select(a);
    },
    [activities, select],
  );
  const close = useCallback(() => customerId && navigateTo('Map', { customerId }), [customerId, navigateTo]);

  const onNear = () => {
    if (near === 'on') {
      setNear('off');
      setMe(null);
      return;
    }
    if (!('geolocation' in navigator)) {
      setNear('unavailable');
      return;
    }
    setNear('locating');
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        setMe({ latitude: pos.coords.latitude, longitude: pos.coords.longitude });
        setNear('on');
        dispatch(mapUi.actions.setSheetOpen(true));
      },
      (err) => setNear(err.code === err.PERMISSION_DENIED ? 'denied' : 'unavailable'),
      { enableHighAccuracy: false, timeout: 15000, maximumAge: 60000 },
    );
  };

  const share = async (a: Activity) => {
    if (!customerId) return;
    const url = new URL(
      hrefFor('Activity', { customerId, activitySlug: a.slug, activityId: a.id }),
      window.location.origin,
    ).href;
    const title = pickText(a.title, locale);
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
        void recordEvent(db, customerId, 'share', a.id);
      } catch (e) {
        if ((e as Error).name !== 'AbortError') toast.error(t('activity.shareFailed'));
      }
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t('activity.linkCopied'));
      void recordEvent(db, customerId, 'share', a.id);
    } catch {
      toast.info(url);
    }
  };

  const favourite = async (a: Activity) => {
    if (!customerId) return;
    if (!user) {
      requestSignIn('Activity', { customerId, activitySlug: a.slug, activityId: a.id });
      return;
    }
    try {
      const saved = await favourites.toggle(a.id);
      toast.success(saved ? t('activity.savedToast') : t('activity.removedToast'));
      if (saved) void recordEvent(db, customerId, 'favourite', a.id);
    } catch {
      toast.error(t('activity.favouriteFailed'));
    }
  };

  // Focus the opened activity's title so screen readers announce it.
  useEffect(() => {
    if (selected) document.getElementById('gm-activity-title')?.focus({ preventScroll: true });
  }, [selected]);

  if (places.status === 'notFound') {
    return (
      <main className="gm-map-missing">
        <h1>{t('map.notFoundTitle')}</h1>
        <p>{t('map.notFound')}</p>
        <a
          className="gm-btn-primary"
          href={hrefFor('Home')}
          onClick={(e) => {
            e.preventDefault();
            navigateTo('Home');
          }}
        >
          {t('map.home')}
        </a>
      </main>
    );
  }
  if (places.status === 'error') {
    return (
      <main className="gm-map-missing" role="alert">
        <h1>{t('map.heading')}</h1>
        <p>{t('map.loadFailed')}</p>
        <button type="button" className="gm-btn-primary" onClick={places.retry}>
          {t('map.retry')}
        </button>
      </main>
    );
  }
  if (!customer || !customerId) {
    return (
      <main className="gm-map-loading">
        <h1 className="gm-visually-hidden">{t('map.heading')}</h1>
        <Spinner label={t('map.loading')} />
      </main>
    );
  }

  const hotel = customer.kind === 'hotel';
  const brand = hotel && customer.primary_color ? customer.primary_color : null;
  const view = ui.view && ui.view.customerId === customer.id ? ui.view : null;
  const sheetOpen = desktop || ui.sheetOpen;
  const nearMessage =
    near === 'on'
      ? t('browse.nearOn')
      : near === 'denied'
        ? t('browse.nearDenied')
        : near === 'unavailable'
          ? t('browse.nearUnavailable')
          : near === 'locating'
            ? t('browse.locating')
            : '';

  return (
    <main
      className="gm-mapscreen"
      style={brand ? { ['--gm-brand' as string]: brand } : undefined}
      data-kind={customer.kind}
    >
      <BrandHeader
        customer={customer}
        locale={locale}
        customerHref={hrefFor('Customer', { customerId })}
        onCustomer={() => navigateTo('Customer', { customerId })}
      />
      <div className="gm-mapbody">
        <div className="gm-mapwrap">
          <Suspense fallback={<div className="gm-leaflet gm-leaflet-pending" aria-busy="true" />}>
            {mapShown ? (
              <MapView
                center={view ?? { latitude: customer.latitude, longitude: customer.longitude }}
                zoom={view?.zoom ?? customer.zoom ?? 16}
                tiles={config.tiles}
                items={markerItems}
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
              <div className="gm-leaflet gm-leaflet-pending" aria-busy="true" />
            )}
          </Suspense>
        </div>
        <aside
          className={`gm-panel${sheetOpen ? ' is-open' : ''}${selected ? ' has-activity' : ''}`}
          aria-label={selected ? t('activity.panelLabel') : t('browse.panelLabel')}
        >
          {selected ? (
            <ActivityPanel
              key={selected.id}
              activity={selected}
              locale={locale}
              now={now}
              timeZone={timeZone}
              hotelName={hotel ? customer.name : null}
              saved={favourites.ids.has(selected.id)}
              onClose={close}
              onFavourite={() => void favourite(selected)}
              onShare={() => void share(selected)}
              onDirections={() => void recordEvent(db, customerId, 'directions_click', selected.id)}
            />
          ) : (
            <>
              {!desktop && (
                <button
                  type="button"
                  className="gm-sheet-handle"
                  aria-expanded={ui.sheetOpen}
                  aria-controls="gm-results"
                  onClick={() => dispatch(mapUi.actions.setSheetOpen(!ui.sheetOpen))}
                >
                  <span className="gm-sheet-grip" aria-hidden="true" />
                  {ui.sheetOpen
                    ? t('browse.hideList')
                    : placesShown === 'welcome'
                      ? t('map.waitingPlaces')
                      : t('browse.showList', { count: entries.length })}
                </button>
              )}
              <FilterBar
                query={ui.query}
                onQuery={(q) => {
                  dispatch(mapUi.actions.setQuery(q));
                  if (!ui.sheetOpen) dispatch(mapUi.actions.setSheetOpen(true));
                }}
                categories={categories as Category[]}
                selected={ui.categories}
                onToggleCategory={(c) => dispatch(mapUi.actions.toggleCategory(c))}
                onClearCategories={() => dispatch(mapUi.actions.clearCategories())}
                openNow={ui.openNow}
                onOpenNow={(on) => dispatch(mapUi.actions.setOpenNow(on))}
                near={near}
                onNear={onNear}
              />
              <p
                className={`gm-near-msg${near === 'denied' || near === 'unavailable' ? ' is-warning' : ''}`}
                role="status"
                aria-live="polite"
              >
                {nearMessage}
              </p>
              <div id="gm-results" className="gm-results" hidden={!sheetOpen}>
                <p className="gm-count" aria-live="polite">
                  {placesShown === 'welcome' ? t('map.waitingPlaces') : t('browse.count', { count: entries.length })}
                </p>
                {placesShown === 'kept' && <p className="gm-kept-note">{t('map.keptPlaces')}</p>}
                {(sheetOpen || listIdle) && (
                  <PlaceList
                    entries={entries}
                    statusOf={statusOf}
                    locale={locale}
                    selectedId={null}
                    hrefFor={listHref}
                    onSelect={select}
                  />
                )}
              </div>
            </>
          )}
        </aside>
        <RewardsEntry customer={customer} campaigns={campaigns} showButton={desktop || (!ui.sheetOpen && !selected)} />
      </div>
    </main>
  );
}
