// Every page of a map's published places (api/get-activities-page.ts), a few pages in flight at once, in
// the map's order; a read the API cannot answer is PlacesUnavailable, worth reading again later (issue 32).
import { isTransientError, isTransientResponse, type Db } from '@guestmap/shared-ui/contracts';
import { activitiesPage, PAGE_ROWS } from '../api/get-activities-page.ts';

/** A read that failed without an answer, or with a server fault: worth reading again later. */
export class PlacesUnavailable extends Error {
  constructor(override readonly cause: unknown) {
    super('places unavailable');
    this.name = 'PlacesUnavailable';
  }
}

/** Pages asked for at once after the first (a city of 10,000 places: at most 3 in flight, so the next
 * page in the map's order arrives first, instead of nine sharing the connection). */
const PAGES_AT_ONCE = 3;

type Row = Record<string, unknown>;

/** An answer with an error, as the read reports it: PlacesUnavailable when worth reading again later. */
class Refused {
  constructor(readonly error: unknown) {}
}

/**
 * Every page of a map's published places with the given columns (more than one only past PAGE_ROWS), in
 * the map's order, each row made into what the caller keeps (`make`, once per row). The first page also
 * asks for the number of places (`Prefer: count=exact`: one index range in the database), so exactly the
 * pages needed are read: a map of 10,000 places is 10 requests, not 10 and 3 empty ones (without a count,
 * pages are read until one is short). `onPage` gets the places read so far as soon as each page and the
 * ones before it are here, except after the last (the whole answer follows): a big map shows its first
 * thousand places while the others arrive. Throws PlacesUnavailable when the API cannot answer.
 */
export async function readAllPages<T>(
  db: Db,
  customerId: string,
  columns: string,
  make: (row: Row) => T,
  onPage?: (soFar: T[]) => void,
): Promise<T[]> {
  type Answer = Awaited<ReturnType<typeof activitiesPage>>;
  const rowsOf = (r: Answer): T[] => {
    if (r.error) throw new Refused(isTransientResponse(r) ? new PlacesUnavailable(r.error) : r.error);
    return ((r.data as unknown as Row[] | null) ?? []).map(make);
  };
  try {
    const first = await activitiesPage(db, customerId, 0, columns, true);
    let places = rowsOf(first);
    // Only a page of exactly PAGE_ROWS rows can have more after it (a server answering everything at once
    // answers more, and that is all).
    const pages = places.length !== PAGE_ROWS ? 1 : first.count != null ? Math.ceil(first.count / PAGE_ROWS) : Infinity;
    const asked: Promise<Answer>[] = [];
    for (let page = 1; page < pages; page++) {
      onPage?.(places);
      // The next pages, a few at a time: one more asked for as each arrives.
      for (let k = Math.max(page, asked.length); k < Math.min(pages, page + PAGES_AT_ONCE); k++) {
        const p = Promise.resolve(activitiesPage(db, customerId, k, columns));
        p.catch(() => undefined); // awaited below in order; one after a failed page is not
        asked[k] = p;
      }
      const more = rowsOf(await asked[page]!);
      places = places.concat(more);
      if (more.length !== PAGE_ROWS) break;
    }
    return places;
  } catch (e) {
    if (e instanceof Refused) throw e.error;
    throw isTransientError(e) ? new PlacesUnavailable(e) : e;
  }
}
