// A map's place names in every language a hotel wrote them, for search only (issue 30): a guest on an
// English page can still find 滨城市场 or 벤탄 시장 by typing it, yet an English guest who never searches
// downloads no Chinese, Korean or Japanese. Read once per customer when the guest first types a query, in
// the same pages as the places (lib/hooks/use-place-names.ts); until it answers (or when the API cannot),
// search uses the names the places were read with.
import type { Db } from '@guestmap/shared-ui/contracts';
import type { ContentText as I18nText } from '@guestmap/shared-ui/i18n';
import { readAllPages } from '../utils/read-all-pages.ts';

export type PlaceNames = ReadonlyMap<string, I18nText>;

export async function fetchPlaceNames(db: Db, customerId: string): Promise<PlaceNames> {
  return new Map(
    await readAllPages(db, customerId, 'id, title', (r) => [r.id as string, (r.title ?? {}) as I18nText] as const),
  );
}
