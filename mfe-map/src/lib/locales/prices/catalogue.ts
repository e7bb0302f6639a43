// The price block's texts travel with its lazily loaded chunk (lib/components/price-lines.tsx), not in ./register:
// a guest who opens no place with a price downloads none of them. English with the chunk, every other language
// only when the page shows it; merged into the remote's `map` namespace under `prices`.
import type { CatalogueSources } from '@guestmap/shared-ui/i18n';
import { featureCatalogue } from '../../hooks/use-feature-catalogue.ts';
import en from './en.json';

export const PRICES_SOURCES = {
  en,
  vi: () => import('./vi.json'),
  fr: () => import('./fr.json'),
  zh: () => import('./zh.json'),
  ko: () => import('./ko.json'),
  ja: () => import('./ja.json'),
} satisfies CatalogueSources;

/** Whether the price texts of the page's language are there (merged into `map` once per page). */
export const usePricesCatalogue = featureCatalogue(PRICES_SOURCES);
