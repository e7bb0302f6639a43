// A lazily loaded feature's texts (rewards, emergency), merged into the remote's `map` namespace under the
// feature's own key: English bundled with the feature's chunk, every other language a loader run only when
// the page shows it, so the guest map's first JavaScript carries none of them.
import type { i18n as I18n } from 'i18next';
import { usePlatform } from '@guestmap/shared-ui/contracts';
import type { CatalogueSources } from '@guestmap/shared-ui/i18n';
import { useFeatureTexts, type FeatureSource } from '@guestmap/shared-ui/feature-texts';

type Texts = Record<string, unknown>;

/** Each language's texts placed under `key` (`{ rewards: {...} }`). */
function underKey(key: string, sources: CatalogueSources): Record<string, FeatureSource> {
  return Object.fromEntries(
    Object.entries(sources).map(([lng, s]) => [
      lng,
      typeof s === 'function'
        ? () => (s() as Promise<{ default: Texts }>).then((m) => ({ [key]: m.default }))
        : { [key]: s as Texts },
    ]),
  );
}

/** The hook of a feature's catalogue: whether its texts in the page's language are in `map` (merged once per page). */
export function featureCatalogue(key: string, sources: CatalogueSources): () => boolean {
  const merged = underKey(key, sources);
  return function useFeatureCatalogue() {
    const { i18n } = usePlatform();
    return useFeatureTexts(i18n as I18n, 'map', merged);
  };
}
