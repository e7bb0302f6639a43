// A lazily loaded part's texts as useFeatureTexts takes them (shared-ui/feature-texts): each language's catalogue,
// English bundled and the others as loaders, optionally nested under one key of the remote's `map` namespace.
import type { CatalogueSources } from '@guestmap/shared-ui/i18n';
import type { FeatureSource } from '@guestmap/shared-ui/feature-texts';

type Texts = Record<string, unknown>;

export function featureSources(sources: CatalogueSources, under?: string): Record<string, FeatureSource> {
  const wrap = (texts: Texts): Texts => (under ? { [under]: texts } : texts);
  return Object.fromEntries(
    Object.entries(sources).map(([lng, s]) => [
      lng,
      typeof s === 'function'
        ? () => (s() as Promise<{ default: Texts }>).then((m) => wrap(m.default))
        : wrap(s as Texts),
    ]),
  );
}
