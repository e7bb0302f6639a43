// The browsing side of the map's panel: the phone's sheet handle, the filters, what "Near me" says, the
// count and the list of places (built once the sheet opens, or when the page is idle after the map).
import { useEffect, useState } from 'react';
import { useTranslation, type Locale } from '@guestmap/shared-ui/contracts';
import type { Activity, Category } from '../../../lib/utils/types.ts';
import type { OpenStatus } from '../../../lib/utils/opening-hours.ts';
import type { PlacesState } from '../../../lib/hooks/use-places.ts';
import { mapUi, type MapUiState } from '../../../lib/store/ui-slice.ts';
import { FilterBar, type NearState } from './filter-bar.tsx';
import { PlaceList, type ListEntry } from './place-list.tsx';
import { useIdleAfter } from '../../../lib/hooks/use-idle-after.ts';
import { useLazyModule } from '../../../lib/hooks/use-lazy-module.ts';

const loadChips = () => import('./place-filter-chips.tsx');

/** Fresh places, the places of the last visit, or only the welcome (the API cannot answer yet). */
type PlacesShown = Extract<PlacesState, { status: 'ready' }>['shown'];

interface Props {
  ui: MapUiState;
  dispatch: (action: unknown) => void;
  /** From 960 px the list is a side panel (always open), on phones a bottom sheet. */
  desktop: boolean;
  placesShown: PlacesShown;
  categories: Category[];
  entries: ListEntry[];
  statusOf: (a: Activity) => OpenStatus;
  near: NearState;
  onNear: () => void;
  /** Build a closed sheet's rows anyway (the page is idle after the map). */
  listIdle: boolean;
  locale: Locale;
  hrefFor: (a: Activity) => string;
  onSelect: (a: Activity) => void;
  /** Every place of the map (the traveller filters offered are those some place passes), and the time. */
  activities: Activity[];
  now: Date;
  timeZone: string;
}

const NEAR_MESSAGE: Record<NearState, string> = {
  on: 'browse.nearOn',
  denied: 'browse.nearDenied',
  unavailable: 'browse.nearUnavailable',
  locating: 'browse.locating',
  off: '',
};

export function BrowsePanel(p: Props) {
  const { t } = useTranslation('map');
  const { ui, dispatch, desktop, placesShown, entries, near } = p;
  const sheetOpen = desktop || ui.sheetOpen;
  const [moreOpen, setMoreOpen] = useState(false);
  const chips = useLazyModule(loadChips, moreOpen || ui.placeFilters.length > 0, moreOpen);
  const Chips = chips?.default;
  // While the places are read, the count's number format is made once, ahead: the page's first number of
  // four digits ("1,000 places", a big map's first page) otherwise made it then, 60 ms of a phone's main
  // thread (CPU 4 × slower) before the first markers.
  const waitedIdle = useIdleAfter(placesShown === 'welcome');
  useEffect(() => {
    if (waitedIdle) t('browse.count', { count: 1000 });
  }, [waitedIdle, t]);
  return (
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
        categories={p.categories}
        selected={ui.categories}
        onToggleCategory={(c) => dispatch(mapUi.actions.toggleCategory(c))}
        onClearCategories={() => dispatch(mapUi.actions.clearCategories())}
        openNow={ui.openNow}
        onOpenNow={(on) => dispatch(mapUi.actions.setOpenNow(on))}
        near={near}
        onNear={p.onNear}
        moreOpen={moreOpen}
        moreCount={ui.placeFilters.length}
        onMore={() => setMoreOpen((o) => !o)}
        more={
          Chips && (
            <Chips
              open={moreOpen}
              activities={p.activities}
              chosen={ui.placeFilters}
              now={p.now}
              timeZone={p.timeZone}
              onToggle={(f) => {
                dispatch(mapUi.actions.togglePlaceFilter(f));
                if (!ui.sheetOpen) dispatch(mapUi.actions.setSheetOpen(true));
              }}
              onClear={() => dispatch(mapUi.actions.clearPlaceFilters())}
            />
          )
        }
      />
      <p
        className={`gm-near-msg${near === 'denied' || near === 'unavailable' ? ' is-warning' : ''}`}
        role="status"
        aria-live="polite"
      >
        {NEAR_MESSAGE[near] ? t(NEAR_MESSAGE[near]) : ''}
      </p>
      <div id="gm-results" className="gm-results" hidden={!sheetOpen}>
        <p className="gm-count" aria-live="polite">
          {placesShown === 'welcome' ? t('map.waitingPlaces') : t('browse.count', { count: entries.length })}
        </p>
        {placesShown === 'kept' && <p className="gm-kept-note">{t('map.keptPlaces')}</p>}
        {(sheetOpen || p.listIdle) && (
          <PlaceList
            entries={entries}
            statusOf={p.statusOf}
            locale={p.locale}
            selectedId={null}
            hrefFor={p.hrefFor}
            onSelect={p.onSelect}
          />
        )}
      </div>
    </>
  );
}
