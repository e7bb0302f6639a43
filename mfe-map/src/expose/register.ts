// Run by the shell (and the dev harness) before this remote's first screen: injects the remote's
// slice into the one store of the page and adds its i18n namespace to the one i18next.
import type { RegisterRemote } from '@guestmap/shared-ui/contracts';
import { mapUi } from '../lib/store/ui-slice.ts';
import { loadPlaces } from '../lib/store/places-cache.ts';
import en from '../locales/en.json';

export const NS = 'map';

/** The map's screens: their places are read while the screen's code downloads. */
const PLACE_SCREENS = new Set(['Customer', 'Map', 'Activity']);

const register: RegisterRemote = ({ store, i18n, addResources, db, route }) => {
  store.inject(mapUi);
  const customerId = route && PLACE_SCREENS.has(route.name) ? route.params.customerId : undefined;
  // Cached per customer for the page (store/places-cache.ts): the screen finds the request under way.
  if (customerId) loadPlaces(db, customerId, i18n.language).catch(() => undefined);
  // English (the fallback) travels with this file; every other language downloads only when shown.
  return addResources(NS, {
    en,
    vi: () => import('../locales/vi.json'),
    fr: () => import('../locales/fr.json'),
    zh: () => import('../locales/zh.json'),
    ko: () => import('../locales/ko.json'),
    ja: () => import('../locales/ja.json'),
  });
};

export default register;

// The contract version this remote is built against (bundled, not shared): the shell loads this remote's
// screens only when its own contract has the same major (shared-ui/src/contracts/version.ts).
export { CONTRACT_DECLARATION as contract } from '@guestmap/shared-ui/contract-version';
