// UI state of the map remote, injected into the shell's store by ./register. It survives the screen
// being re-mounted (Customer → Map → Activity), so filters and the map view are kept.
import { createSlice } from '@guestmap/shared-ui/contracts';
import type { PayloadAction } from '@reduxjs/toolkit';

export interface MapView {
  customerId: string;
  latitude: number;
  longitude: number;
  zoom: number;
}

export interface MapUiState {
  screenViews: number;
  customerId: string | null;
  query: string;
  categories: string[];
  openNow: boolean;
  /** The traveller filters chosen (vegetarian, wheelchair, open_late …: docs/filters.md). */
  placeFilters: string[];
  sheetOpen: boolean;
  view: MapView | null;
}

const initialState: MapUiState = {
  screenViews: 0,
  customerId: null,
  query: '',
  categories: [],
  openNow: false,
  placeFilters: [],
  sheetOpen: false,
  view: null,
};

export const mapUi = createSlice({
  name: 'map',
  initialState,
  reducers: {
    screenViewed(state) {
      state.screenViews += 1;
    },
    /** Filters belong to one map: opening another customer starts fresh. */
    enterCustomer(state, a: PayloadAction<string>) {
      if (state.customerId === a.payload) return;
      return { ...initialState, screenViews: state.screenViews, customerId: a.payload };
    },
    setQuery(state, a: PayloadAction<string>) {
      state.query = a.payload;
    },
    toggleCategory(state, a: PayloadAction<string>) {
      state.categories = state.categories.includes(a.payload)
        ? state.categories.filter((c) => c !== a.payload)
        : [...state.categories, a.payload];
    },
    clearCategories(state) {
      state.categories = [];
    },
    setOpenNow(state, a: PayloadAction<boolean>) {
      state.openNow = a.payload;
    },
    togglePlaceFilter(state, a: PayloadAction<string>) {
      state.placeFilters = state.placeFilters.includes(a.payload)
        ? state.placeFilters.filter((f) => f !== a.payload)
        : [...state.placeFilters, a.payload];
    },
    clearPlaceFilters(state) {
      state.placeFilters = [];
    },
    /** The filters a shared or reloaded address carries (lib/utils/filter-url.ts). */
    applyFilters(state, a: PayloadAction<Pick<MapUiState, 'categories' | 'openNow' | 'placeFilters'>>) {
      Object.assign(state, a.payload);
    },
    setSheetOpen(state, a: PayloadAction<boolean>) {
      state.sheetOpen = a.payload;
    },
    setView(state, a: PayloadAction<MapView>) {
      state.view = a.payload;
    },
  },
});

export const selectMapUi = (root: unknown): MapUiState => (root as { map?: MapUiState }).map ?? initialState;
