// A lazily loaded feature's texts (rewards, emergency, prices), merged into the remote's `map` namespace, under the
// feature's own key when its files do not carry one: English bundled with the feature's chunk, every other language
// a loader run only when the page shows it, so the guest map's first JavaScript carries none of them.
import type { i18n as I18n } from 'i18next';
import { usePlatform } from '@guestmap/shared-ui/contracts';
import type { CatalogueSources } from '@guestmap/shared-ui/i18n';
import { useFeatureTexts, type FeatureSource } from '@guestmap/shared-ui/feature-texts';

type Texts = Record<string, unknown>;

/** Each language's texts, placed under `key` (`{ rewards: {...} }`) when one is given. */
function sourcesUnder(sources: CatalogueSources, key?: string): Record<string, FeatureSource> {
  const wrap = (texts: Texts): Texts => (key ? { [key]: texts } : texts);
  return Object.fromEntries(
    Object.entries(sources).map(([lng, s]) => [
      lng,
      typeof s === 'function'
        ? () => (s() as Promise<{ default: Texts }>).then((m) => wrap(m.default))
        : wrap(s as Texts),
    ]),
  );
}

/** The hook of a feature's catalogue: whether its texts in the page's language are in `map` (merged once per page). */
export function featureCatalogue(sources: CatalogueSources, key?: string): () => boolean {
  const merged = sourcesUnder(sources, key);
  return function useFeatureCatalogue() {
    const { i18n } = usePlatform();
    return useFeatureTexts(i18n as I18n, 'map', merged);
  };
}
