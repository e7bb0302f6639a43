// The traveller filters' texts (filter chips, a place's badges: docs/filters.md) travel with the chunks that show
// them, not in ./register: the map's first JavaScript carries none of them. English with the chunk, every other
// language downloaded only when the page shows it; merged into the remote's `map` namespace under `attributes`.
import type { i18n as I18n } from 'i18next';
import { usePlatform } from '@guestmap/shared-ui/contracts';
import { useFeatureTexts, type FeatureSource } from '@guestmap/shared-ui/feature-texts';
import en from './en.json';

type Texts = Promise<{ default: Record<string, unknown> }>;
const under = (m: Texts) => m.then((x) => ({ attributes: x.default }));

const MERGED: Record<string, FeatureSource> = {
  en: { attributes: en },
  vi: () => under(import('./vi.json')),
  fr: () => under(import('./fr.json')),
  zh: () => under(import('./zh.json')),
  ko: () => under(import('./ko.json')),
  ja: () => under(import('./ja.json')),
};

/** Whether the filters' texts of the page's language are there (merged into `map` once per page). */
export function useAttributeTexts(): boolean {
  const { i18n } = usePlatform();
  return useFeatureTexts(i18n as I18n, 'map', MERGED);
}
