// The places of each map read once for the page's life, per customer and language (api/get-places.ts):
// going from the Customer screen to the Map, or between Map and Activity, never reads them again, and the
// shell's register (expose/register.ts) starts the read while the screen's code downloads. A read that
// fails is forgotten, so the next one asks again.
import type { Db } from '@guestmap/shared-ui/contracts';
import { contentLanguagesFor } from '@guestmap/shared-ui/i18n';
import type { Activity } from '../utils/types.ts';
import { fetchPlaces, type Places } from '../api/get-places.ts';

/** A read of a map's places under way or done: the places so far (a big map's first pages) and who waits. */
interface Reading {
  done: Promise<Places>;
  soFar: Activity[] | null;
  watchers: Set<(soFar: Activity[]) => void>;
}

const cache = new Map<string, Reading>();

function reading(db: Db, customerId: string, locale: string): Reading {
  const key = `${customerId}|${contentLanguagesFor(locale).join(',')}`;
  let r = cache.get(key);
  if (!r) {
    const started: Reading = { done: null!, soFar: null, watchers: new Set() };
    started.done = fetchPlaces(db, customerId, locale, (soFar) => {
      started.soFar = soFar;
      for (const w of started.watchers) w(soFar);
    });
    started.done.then(
      () => {
        started.soFar = null;
        started.watchers.clear();
      },
      () => cache.delete(key),
    );
    cache.set(key, (r = started));
  }
  return r;
}

export function loadPlaces(db: Db, customerId: string, locale = 'en'): Promise<Places> {
  return reading(db, customerId, locale).done;
}

/** The places read so far while a big map's pages arrive: `onPage` now if some are here, then after each
 * page but the last (loadPlaces answers all). Returns what stops the calls. */
export function watchPlaces(db: Db, customerId: string, locale: string, onPage: (soFar: Activity[]) => void) {
  const r = reading(db, customerId, locale);
  if (r.soFar) onPage(r.soFar);
  r.watchers.add(onPage);
  return () => void r.watchers.delete(onPage);
}
