// The last location the shell rendered, with its route name and params: the guards use it to tell
// "navigating from another guarded page" (stay there, with the auth dialog) from a first visit.
import type { RouteName, RouteParams } from '@guestmap/shared-ui/contracts';

export interface Visit {
  key: string;
  pathname: string;
  search: string;
  name: RouteName | 'NotFound';
  params: RouteParams;
}

let current: Visit | null = null;

export function recordVisit(v: Visit): void {
  current = v;
}

export function lastVisit(): Visit | null {
  return current;
}
