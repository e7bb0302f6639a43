// Run by the shell (and the dev harness) before this remote's first screen: injects the remote's
// slice into the one store of the page and adds its i18n namespace to the one i18next.
import type { RegisterRemote } from '@guestmap/shared-ui/contracts';
import { mapUi } from '../store/ui-slice.ts';
import en from '../locales/en.json';

export const NS = 'map';

const register: RegisterRemote = ({ store, addResources }) => {
  store.inject(mapUi);
  // English (the fallback) travels with this file; Vietnamese and French download only when shown.
  return addResources(NS, { en, vi: () => import('../locales/vi.json'), fr: () => import('../locales/fr.json') });
};

export default register;
