// The Map and Activity routes (one component for both: the exposed ActivityScreen re-exports it, so moving
// between Map and Activity keeps one component instance when the host keeps the element mounted).
// Composes the features: the places read (src/lib), the browsing state (filters in the remote's slice,
// the selection in the address), the map pane, the list (bottom sheet on phones, side panel from 960 px),
// the opened place's panel, the rewards entry and the emergency button in the header.
import { useCallback, useEffect, useMemo } from 'react';
import { useTranslation, usePlatform, useParams, useSearchParams } from '@guestmap/shared-ui/contracts';
import { up } from '@guestmap/shared-ui/tokens';
import { usePlaces } from '../lib/hooks/use-places.ts';
import { usePlaceNames } from '../lib/hooks/use-place-names.ts';
import type { Activity } from '../lib/utils/types.ts';
import { timeZoneFor } from '../lib/utils/time-zone.ts';
import { mapUi } from '../lib/store/ui-slice.ts';
import { useMapUi } from '../lib/hooks/use-map-ui.ts';
import { useNow } from '../lib/hooks/use-now.ts';
import { useMedia } from '../lib/hooks/use-media.ts';
import { useAfterPaint } from '../lib/hooks/use-after-paint.ts';
import { useIdleAfter } from '../lib/hooks/use-idle-after.ts';
import { useQrEntry } from '../lib/hooks/use-qr-entry.ts';
import { LoadFailedScreen, LoadingScreen, NotFoundScreen } from '../lib/components/screen-states.tsx';
import { BrandHeader } from '../features/map/components/brand-header.tsx';
import { MapPane } from '../features/map/components/map-pane.tsx';
import { useMapViewEvent } from '../features/map/hooks/use-map-view-event.ts';
import { BrowsePanel } from '../features/browse/components/browse-panel.tsx';
import { useNearMe } from '../features/browse/hooks/use-near-me.ts';
import { usePlaceEntries } from '../features/browse/hooks/use-place-entries.ts';
import { usePlaceFilterMatch } from '../features/browse/hooks/use-place-filter-match.ts';
import { useFilterUrl } from '../lib/hooks/use-filter-url.ts';
import { LazyActivityPanel } from '../features/activity/components/lazy-activity-panel.tsx';
import { useSelectedActivity } from '../features/activity/hooks/use-selected-activity.ts';
import { useActivityActions } from '../features/activity/hooks/use-activity-actions.ts';
import { useCampaigns } from '../features/rewards/api/campaigns.ts';
import { RewardsEntry } from '../features/rewards/components/rewards-entry.tsx';
import { EmergencyEntry } from '../features/emergency/components/emergency-entry.tsx';
import { useScreenView } from './use-screen-view.ts';
import '../styles/map.css';

export default function MapScreen() {
  useScreenView();
  const { t } = useTranslation('map');
  const platform = usePlatform();
  const { db, locale, navigateTo, hrefFor, config } = platform;
  const { customerId, activitySlug, activityId } = useParams();
  const [search] = useSearchParams();
  const places = usePlaces(db, customerId);
  const [ui, dispatch] = useMapUi();
  const now = useNow();
  const desktop = useMedia(up('md'));
  const openSheet = useCallback(() => dispatch(mapUi.actions.setSheetOpen(true)), [dispatch]);
  const { near, me, toggle: onNear } = useNearMe(openSheet);

  useEffect(() => {
    if (customerId) dispatch(mapUi.actions.enterCustomer(customerId));
  }, [customerId, dispatch]);
  useQrEntry(activityId || activitySlug ? 'Activity' : 'Map', customerId, { activitySlug, activityId }, search);
  const readingFilters = useFilterUrl(customerId, ui, dispatch);

  const ready = places.status === 'ready' ? places : null;
  const customer = ready?.customer ?? null;
  const activities = useMemo(() => ready?.activities ?? [], [ready]);
  // Shown while the API cannot answer: the places of the last visit, or only the welcome (issue 32).
  const placesShown = ready?.shown ?? 'fresh';
  const timeZone = timeZoneFor(customer);
  const mapShown = useAfterPaint(customer !== null);
  // A phone's list starts closed (the sheet shows its handle and the filters): its rows, up to a hundred
  // links of ten elements each, are built once the page is idle after the map, or at once when it opens.
  // Only once places are here: a big map's first page draws its markers first, its rows after.
  const listIdle = useIdleAfter(mapShown && activities.length > 0);
  // Hotels with a live scratch card or wheel get a rewards entry; city maps never do.
  const campaigns = useCampaigns(db, customer?.kind === 'hotel' ? customer.id : null);
  useMapViewEvent(db, customer?.id ?? null);
  const selected = useSelectedActivity({
    customerId,
    activityId,
    activitySlug,
    activities,
    fresh: ready?.shown === 'fresh',
  });
  const actions = useActivityActions(customerId);
  // Names in every language (for search) are read when the guest first types a query.
  const { names: allNames, reader: namesReader } = usePlaceNames(customerId, ui.query.trim() !== '');
  const filterMatch = usePlaceFilterMatch(ui.placeFilters, Math.floor(now.getTime() / 60000), timeZone);
  const match = readingFilters ? 'loading' : filterMatch;
  const { categories, statusOf, entries } = usePlaceEntries(activities, ui, {
    now,
    timeZone,
    me,
    locale,
    allNames,
    match,
  });
  const shownPlaces = useMemo(() => entries.map((e) => e.activity), [entries]);

  // Stable props: the list need not render again when the map reports its view (a hundred rows).
  const listHref = useCallback(
    (a: Activity) => hrefFor('Activity', { customerId, activitySlug: a.slug, activityId: a.id }),
    [hrefFor, customerId],
  );
  const select = useCallback(
    (a: Activity) => {
      if (!customerId) return;
      navigateTo('Activity', { customerId, activitySlug: a.slug, activityId: a.id });
    },
    [customerId, navigateTo],
  );
  const close = useCallback(() => customerId && navigateTo('Map', { customerId }), [customerId, navigateTo]);
  const openCustomer = useCallback(
    () => customerId && navigateTo('Customer', { customerId }),
    [customerId, navigateTo],
  );

  // Stable while nothing it shows changes: the memoised header need not render again with each map view.
  const emergency = useMemo(
    () =>
      customer && (
        <EmergencyEntry customer={customer} activities={activities} me={me} locale={locale} onShowPlace={select} />
      ),
    [customer, activities, me, locale, select],
  );

  if (places.status === 'notFound') {
    return (
      <NotFoundScreen>
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
      </NotFoundScreen>
    );
  }
  if (places.status === 'error') return <LoadFailedScreen heading={t('map.heading')} onRetry={places.retry} />;
  if (!customer || !customerId) return <LoadingScreen heading={t('map.heading')} />;

  const hotel = customer.kind === 'hotel';
  const brand = hotel && customer.primary_color ? customer.primary_color : null;
  const sheetOpen = desktop || ui.sheetOpen;

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
        onCustomer={openCustomer}
        actions={emergency}
      />
      <div className="gm-mapbody">
        <MapPane
          customer={customer}
          shown={mapShown}
          activities={activities}
          places={shownPlaces}
          selected={selected}
          onSelect={select}
          me={me}
          tiles={config.tiles}
          locale={locale}
        />
        <aside
          className={`gm-panel${sheetOpen ? ' is-open' : ''}${selected ? ' has-activity' : ''}`}
          aria-label={selected ? t('activity.panelLabel') : t('browse.panelLabel')}
        >
          {selected ? (
            <LazyActivityPanel
              key={selected.id}
              customerId={customerId}
              activity={selected}
              locale={locale}
              now={now}
              timeZone={timeZone}
              hotelName={hotel ? customer.name : null}
              onClose={close}
              onShare={() => void actions.share(selected)}
              onDirections={() => actions.directions(selected)}
            />
          ) : (
            <BrowsePanel
              ui={ui}
              dispatch={dispatch}
              desktop={desktop}
              placesShown={placesShown}
              categories={categories}
              entries={entries}
              statusOf={statusOf}
              near={near}
              onNear={onNear}
              listIdle={listIdle}
              locale={locale}
              hrefFor={listHref}
              onSelect={select}
              activities={activities}
              now={now}
              timeZone={timeZone}
            />
          )}
        </aside>
        <RewardsEntry customer={customer} campaigns={campaigns} showButton={desktop || (!ui.sheetOpen && !selected)} />
      </div>
      {actions.shareMenu}
      {namesReader}
    </main>
  );
}
