// Public maps (customers where is_public) for the Hotels page's showcase: cities first, then hotels.
import type { Db } from '@guestmap/shared-ui/contracts';

export interface PublicMap {
  id: string;
  kind: 'city' | 'hotel';
  name: string;
  tagline: string | null;
  primary_color: string | null;
}

export const SHOWCASE_LIMIT = 12;

/** The PostgREST answer as it came (the data layer tells a refusal from a read that got no answer). */
export function getPublicMaps(db: Db) {
  return db
    .from('customers')
    .select('id, kind, name, tagline, primary_color')
    .eq('is_public', true)
    .order('kind', { ascending: true })
    .order('name', { ascending: true })
    .limit(SHOWCASE_LIMIT)
    .overrideTypes<PublicMap[], { merge: false }>();
}
