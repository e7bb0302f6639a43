// The route's customer, read once for the page by the shell and given to every remote (issue 28).
//
// The shell is the one reader of the page's customer (`customers` row of the route's `customerId`): it
// starts from the row the server sent with the page (shell/scripts/prefill.mjs, the first paint) or reads it
// at boot, reads it again while the API cannot answer (the page's retry schedule, docs/reliability.md), after
// a sign-in or sign-out, and when a screen asks: `reload()` after a save. Remotes never read the row
// themselves: `useCustomer()` (in index.ts, beside usePlatform) gives the same row to the customer page, the map and the dashboard, so a
// change saved in settings shows everywhere in the tab at once.
import type { Tables } from '@guestmap/supabase/types/database.ts';

/** The new ward or commune of a hotel in Vietnam, with its province (`vn_wards`, docs/addresses.md). */
export interface CustomerWard {
  /** In full, as the official list writes it ("Phường Sài Gòn"). */
  name: string;
  /** "Thành phố Hồ Chí Minh". */
  province: string;
}

/**
 * A customer row (the generated type of `customers`), with its ward embedded by `ward_code` in the shell's read
 * (`ward`: null when the row has no ward code; absent from a row written back by a screen's update).
 */
export type Customer = Tables<'customers'> & { ward?: CustomerWard | null };

/**
 * `loading`: no row yet (the first read is under way). `loaded`: `data` is the row. `notFound`: no such
 * customer for this user (row-level security decides). `error`: the read failed without a row to show; when
 * the API did not answer (or a server fault) the shell reads again on the page's retry schedule by itself.
 * A reload that fails keeps the row it had (`loaded`), as the rest of the page keeps what it shows.
 */
export type CustomerStatus = 'idle' | 'loading' | 'loaded' | 'notFound' | 'error';

export interface CustomerSnapshot {
  /** The customer id this state is for (the route's `customerId`; null on a route without one). */
  id: string | null;
  status: CustomerStatus;
  data: Customer | null;
}

/** What the shell gives remotes (`Platform.customer`); screens use `useCustomer()`. */
export interface CustomerSource {
  /** The state now: the same object until it changes. */
  get: () => CustomerSnapshot;
  subscribe: (listener: () => void) => () => void;
  /** Reads the route's customer again (after a save); resolves once the answer is applied. */
  reload: () => Promise<void>;
}

export interface PageCustomer extends CustomerSnapshot {
  reload: () => Promise<void>;
}
