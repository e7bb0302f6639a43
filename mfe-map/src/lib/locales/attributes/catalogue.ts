// The traveller filters' texts (filter chips, a place's badges: docs/filters.md) travel with the chunks that show
// them, not in ./register: the map's first JavaScript carries none of them. English with the chunk, every other
// language downloaded only when the page shows it; merged into the remote's `map` namespace under `attributes`.
import type { CatalogueSources } from '@guestmap/shared-ui/i18n';
import { featureCatalogue } from '../../hooks/use-feature-catalogue.ts';
import en from './en.json';

const ATTRIBUTE_SOURCES = {
  en,
  vi: () => import('./vi.json'),
  fr: () => import('./fr.json'),
  zh: () => import('./zh.json'),
  ko: () => import('./ko.json'),
  ja: () => import('./ja.json'),
} satisfies CatalogueSources;

/** Whether the filters' texts of the page's language are there (merged into `map` once per page). */
export const useAttributeTexts = featureCatalogue(ATTRIBUTE_SOURCES, 'attributes');
