// The shell's Redux store: one combineSlices root reducer; remotes inject their slices lazily
// (slice.injectInto(rootReducer)) through usePlatform().store.inject.
import { combineSlices, configureStore, createSlice, type PayloadAction, type Slice } from '@reduxjs/toolkit';
import type {
  Customer,
  CustomerSnapshot,
  Profile,
  PlatformUser,
  Locale,
  LocaleSaveStatus,
} from '@guestmap/shared-ui/contracts';

/** A customer as listed in the user menu (my maps, dashboards I moderate). */
export interface CustomerSummary {
  id: string;
  name: string;
  kind: 'city' | 'hotel' | null;
  logoUrl: string | null;
}

export interface AuthState {
  status: 'unknown' | 'signedOut' | 'signedIn';
  user: PlatformUser | null;
  profile: Profile | null;
  /** Set at each sign-in: 'restored' (a session found at load) or 'interactive' (signed in now). */
  signIn: { seq: number; kind: 'restored' | 'interactive' } | null;
  /** The user's customers (user_customers, newest first). */
  myCustomers: CustomerSummary[];
  /** Customers the user moderates (keys of the moderator claim). */
  moderated: CustomerSummary[];
  /** Staff of at least one partner business (`my_partners()`): the menu links to the partner portal. */
  partnerStaff: boolean;
}

const signedOutState: AuthState = {
  status: 'signedOut',
  user: null,
  profile: null,
  signIn: null,
  myCustomers: [],
  moderated: [],
  partnerStaff: false,
};

export const authSlice = createSlice({
  name: 'auth',
  initialState: { ...signedOutState, status: 'unknown' } as AuthState,
  reducers: {
    signedIn(state, a: PayloadAction<{ user: PlatformUser; kind: 'restored' | 'interactive' }>) {
      state.status = 'signedIn';
      state.user = a.payload.user;
      state.profile = null;
      state.myCustomers = [];
      state.moderated = [];
      state.partnerStaff = false;
      state.signIn = { seq: (state.signIn?.seq ?? 0) + 1, kind: a.payload.kind };
    },
    userUpdated(state, a: PayloadAction<PlatformUser>) {
      if (state.user?.id === a.payload.id) state.user = a.payload;
    },
    profileLoaded(state, a: PayloadAction<Profile | null>) {
      if (!a.payload || a.payload.id === state.user?.id) state.profile = a.payload;
    },
    /** The shell's save of the language landed (app/locale-save.ts): the profile holds it now. */
    profileLanguageSaved(state, a: PayloadAction<{ userId: string; language: Locale }>) {
      if (state.profile && state.profile.id === a.payload.userId) state.profile.language = a.payload.language;
    },
    customersLoaded(
      state,
      a: PayloadAction<{
        userId: string;
        myCustomers: CustomerSummary[];
        moderated: CustomerSummary[];
        partnerStaff?: boolean;
      }>,
    ) {
      if (a.payload.userId !== state.user?.id) return;
      state.myCustomers = a.payload.myCustomers;
      state.moderated = a.payload.moderated;
      state.partnerStaff = a.payload.partnerStaff ?? false;
    },
    signedOut() {
      return signedOutState;
    },
  },
});

/** Spec section 9: default map zoom when the customer has none. */
export const DEFAULT_ZOOM = 16;

/** The route's customer (the contract's `CustomerSnapshot`, given to remotes by `useCustomer()`). */
export interface CustomerState extends CustomerSnapshot {
  mapCenter: { latitude: number; longitude: number; zoom: number } | null;
}

export const customerSlice = createSlice({
  name: 'customer',
  initialState: { id: null, status: 'idle', data: null, mapCenter: null } as CustomerState,
  reducers: {
    reset(_s, a: PayloadAction<string | null>) {
      return { id: a.payload, status: a.payload ? 'loading' : 'idle', data: null, mapCenter: null };
    },
    loaded(state, a: PayloadAction<Customer>) {
      if (a.payload.id !== state.id) return;
      state.status = 'loaded';
      state.data = a.payload;
      // The server's copy (prefill.mjs) is untyped JSON: its fields are checked before use.
      const d = a.payload as { latitude?: unknown; longitude?: unknown; zoom?: number | null };
      if (typeof d.latitude === 'number' && typeof d.longitude === 'number') {
        state.mapCenter = { latitude: d.latitude, longitude: d.longitude, zoom: d.zoom ?? DEFAULT_ZOOM };
      }
    },
    /** Read again (a reload): a row shown stays while it is read; a missing or failed one shows loading. */
    reloading(state, a: PayloadAction<string>) {
      if (state.id === a.payload && (state.status === 'notFound' || state.status === 'error')) state.status = 'loading';
    },
    notFound(state, a: PayloadAction<string>) {
      if (state.id === a.payload) state.status = 'notFound';
    },
    failed(state, a: PayloadAction<string>) {
      if (state.id === a.payload) state.status = 'error';
    },
  },
});

export interface UiState {
  pendingKeys: string[];
  locale: Locale;
  /** The save of the profile's language (app/locale-save.ts). */
  localeSave: LocaleSaveStatus;
  theme: 'light' | 'dark';
}

export const uiSlice = createSlice({
  name: 'ui',
  initialState: { pendingKeys: [], locale: 'en-US', localeSave: 'idle', theme: 'light' } as UiState,
  reducers: {
    setPending(state, a: PayloadAction<{ key: string; on: boolean }>) {
      const has = state.pendingKeys.includes(a.payload.key);
      if (a.payload.on && !has) state.pendingKeys.push(a.payload.key);
      if (!a.payload.on && has) state.pendingKeys = state.pendingKeys.filter((k) => k !== a.payload.key);
    },
    setLocale(state, a: PayloadAction<Locale>) {
      state.locale = a.payload;
    },
    setLocaleSave(state, a: PayloadAction<LocaleSaveStatus>) {
      state.localeSave = a.payload;
    },
    setTheme(state, a: PayloadAction<'light' | 'dark'>) {
      state.theme = a.payload;
    },
  },
});

export const rootReducer = combineSlices(authSlice, customerSlice, uiSlice).withLazyLoadedSlices<
  Record<string, unknown>
>();

export function makeStore(preloadedState?: Partial<ReturnType<typeof rootReducer>>) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: preloadedState as ReturnType<typeof rootReducer> | undefined,
  });
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
