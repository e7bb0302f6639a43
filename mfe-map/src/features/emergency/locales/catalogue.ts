// The emergency sheet's texts travel with its chunk (not in ./register): merged into `map` under `emergency`.
// Offline, they are there after one visit: the service worker keeps every chunk the map screen may load,
// these among them (docs/emergency.md).
import type { CatalogueSources } from '@guestmap/shared-ui/i18n';
import { featureCatalogue } from '../../../lib/hooks/use-feature-catalogue.ts';
import en from './en.json';

export const EMERGENCY_SOURCES = {
  en,
  vi: () => import('./vi.json'),
  fr: () => import('./fr.json'),
  zh: () => import('./zh.json'),
  ko: () => import('./ko.json'),
  ja: () => import('./ja.json'),
} satisfies CatalogueSources;

/** Whether the emergency texts of the page's language are there. */
export const useEmergencyCatalogue = featureCatalogue(EMERGENCY_SOURCES, 'emergency');
