// The rewards texts travel with the rewards chunks (not in ./register), so the guest map's first
// JavaScript does not carry them: English with the chunk, every other language downloaded only when the
// page shows it. They are merged into the remote's `map` namespace under `rewards`.
import type { i18n as I18n } from 'i18next';
import { usePlatform } from '@guestmap/shared-ui/contracts';
import type { CatalogueSources } from '@guestmap/shared-ui/i18n';
import { useFeatureTexts, type FeatureSource } from '@guestmap/shared-ui/feature-texts';
import en from './en.json';

const under = (m: Promise<{ default: Record<string, unknown> }>) => m.then((x) => ({ rewards: x.default }));

/** The rewards catalogue of each language: English bundled, the others as loaders. */
export const REWARDS_SOURCES = {
  en,
  vi: () => import('./vi.json'),
  fr: () => import('./fr.json'),
  zh: () => import('./zh.json'),
  ko: () => import('./ko.json'),
  ja: () => import('./ja.json'),
} satisfies CatalogueSources;

const MERGED: Record<string, FeatureSource> = Object.fromEntries(
  Object.entries(REWARDS_SOURCES).map(([lng, s]) => [
    lng,
    typeof s === 'function' ? () => under(s() as Promise<{ default: Record<string, unknown> }>) : { rewards: s },
  ]),
);

/** Whether the rewards texts of the page's language are there (they are merged into `map` once per page). */
export function useRewardsCatalogue(): boolean {
  const { i18n } = usePlatform();
  return useFeatureTexts(i18n as I18n, 'map', MERGED);
}
