// The shell's Redux store: one combineSlices root reducer; remotes inject their slices lazily
// (slice.injectInto(rootReducer)) through usePlatform().store.inject.
import { combineSlices, configureStore, createSlice, type PayloadAction, type Slice } from '@reduxjs/toolkit';
import type { Profile, PlatformUser, Locale } from '@guestmap/shared-ui/contracts';

export interface AuthState {
  status: 'unknown' | 'signedOut' | 'signedIn';
  user: PlatformUser | null;
  profile: Profile | null;
}

export const authSlice = createSlice({
  name: 'auth',
  initialState: { status: 'unknown', user: null, profile: null } as AuthState,
  reducers: {
    signedIn(state, a: PayloadAction<{ user: PlatformUser; profile: Profile | null }>) {
      state.status = 'signedIn';
      state.user = a.payload.user;
      state.profile = a.payload.profile;
    },
    profileLoaded(state, a: PayloadAction<Profile | null>) {
      state.profile = a.payload;
    },
    signedOut(state) {
      state.status = 'signedOut';
      state.user = null;
      state.profile = null;
    },
  },
});

export interface CustomerState {
  id: string | null;
  status: 'idle' | 'loading' | 'loaded' | 'notFound';
  data: Record<string, unknown> | null;
  mapCenter: { latitude: number; longitude: number; zoom: number } | null;
}

export const customerSlice = createSlice({
  name: 'customer',
  initialState: { id: null, status: 'idle', data: null, mapCenter: null } as CustomerState,
  reducers: {
    reset(_s, a: PayloadAction<string | null>) {
      return { id: a.payload, status: a.payload ? 'loading' : 'idle', data: null, mapCenter: null };
    },
    loaded(state, a: PayloadAction<Record<string, unknown>>) {
      state.status = 'loaded';
      state.data = a.payload;
      const d = a.payload as { latitude?: number; longitude?: number; zoom?: number | null };
      if (typeof d.latitude === 'number' && typeof d.longitude === 'number') {
        state.mapCenter = { latitude: d.latitude, longitude: d.longitude, zoom: d.zoom ?? 16 };
      }
    },
    notFound(state) {
      state.status = 'notFound';
    },
  },
});

export interface UiState {
  pendingKeys: string[];
  locale: Locale;
  theme: 'light' | 'dark';
}

export const uiSlice = createSlice({
  name: 'ui',
  initialState: { pendingKeys: [], locale: 'en-US', theme: 'light' } as UiState,
  reducers: {
    setPending(state, a: PayloadAction<{ key: string; on: boolean }>) {
      const has = state.pendingKeys.includes(a.payload.key);
      if (a.payload.on && !has) state.pendingKeys.push(a.payload.key);
      if (!a.payload.on && has) state.pendingKeys = state.pendingKeys.filter((k) => k !== a.payload.key);
    },
    setLocale(state, a: PayloadAction<Locale>) {
      state.locale = a.payload;
    },
    setTheme(state, a: PayloadAction<'light' | 'dark'>) {
      state.theme = a.payload;
    },
  },
});

export const rootReducer = combineSlices(authSlice, customerSlice, uiSlice).withLazyLoadedSlices<Record<string, unknown>>();

export function makeStore(preloadedState?: Partial<ReturnType<typeof rootReducer>>) {
  const store = configureStore({ reducer: rootReducer, preloadedState: preloadedState as ReturnType<typeof rootReducer> | undefined });
  const injected = new Set<string>();
  const inject = (slice: Slice) => {
    if (injected.has(slice.reducerPath)) return;
    injected.add(slice.reducerPath);
    slice.injectInto(rootReducer);
    // Materialise the new slice's initial state right away.
    store.dispatch({ type: '@@guestmap/inject', payload: slice.reducerPath });
  };
  return Object.assign(store, { inject });
}

export type AppStore = ReturnType<typeof makeStore>;
export type RootState = ReturnType<typeof rootReducer>;
export type AppDispatch = AppStore['dispatch'];
