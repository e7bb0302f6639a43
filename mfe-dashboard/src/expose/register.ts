// Run by the shell (and the dev harness) before this remote's first screen: injects the remote's
// slice into the one store of the page and adds its i18n namespace to the one i18next.
import type { RegisterRemote } from '@guestmap/shared-ui/contracts';
import { dashboardUi } from '../lib/store/ui-slice.ts';
import en from '../locales/en.json';

export const NS = 'dashboard';

const register: RegisterRemote = ({ store, addResources }) => {
  store.inject(dashboardUi);
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
