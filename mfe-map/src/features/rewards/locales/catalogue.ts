// The rewards texts travel with the rewards chunks (not in ./register), so the guest map's first
// JavaScript does not carry them: English with the chunk, every other language downloaded only when the
// page shows it. They are merged into the remote's `map` namespace under `rewards`.
import type { CatalogueSources } from '@guestmap/shared-ui/i18n';
import { featureCatalogue } from '../../../lib/hooks/use-feature-catalogue.ts';
import en from './en.json';

/** The rewards catalogue of each language: English bundled, the others as loaders. */
export const REWARDS_SOURCES = {
  en,
  vi: () => import('./vi.json'),
  fr: () => import('./fr.json'),
  zh: () => import('./zh.json'),
  ko: () => import('./ko.json'),
  ja: () => import('./ja.json'),
} satisfies CatalogueSources;

/** Whether the rewards texts of the page's language are there. */
export const useRewardsCatalogue = featureCatalogue(REWARDS_SOURCES, 'rewards');
