// Route guards (spec section 5): e-mail sign-in, moderator, admin. A refused user goes to Home, or
// stays on the page they came from when that page was guarded too (and still lets them in), with
// the auth dialog open: dialogAuth=true, to=<route name> (never a URL) and, for the moderator
// guard, customerId.
import { useEffect, useRef, type ReactNode } from 'react';
import { Navigate, useLocation, useParams } from 'react-router-dom';
import { isRouteName, pathFor, type RouteName } from '@guestmap/shared-ui/contracts';
import { useAppSelector } from '../app/hooks.ts';
import { routeByName, type Guard } from './route-table.ts';
import { lastVisit, type Visit } from './history.ts';
import type { AuthState } from '../app/store.ts';
import { RemoteLoading } from '../components/remote-screen.tsx';

export type GuardDecision =
  { allow: true } | { allow: false; wait: true } | { allow: false; wait: false; query: Record<string, string> };

type AuthView = Pick<AuthState, 'status' | 'user' | 'profile'>;

export function hasEmail(auth: AuthView): boolean {
  return auth.status === 'signedIn' && !!auth.user?.email && !auth.user.isAnonymous;
}

/** Pure decision, unit-tested: who may enter a route. */
export function decide(guard: Guard, name: RouteName, auth: AuthView, customerId?: string): GuardDecision {
  if (guard === 'none') return { allow: true };
  if (auth.status === 'unknown') return { allow: false, wait: true };
  const refuse = (): GuardDecision => ({
    allow: false,
    wait: false,
    query: { dialogAuth: 'true', to: name, ...(guard === 'moderator' && customerId ? { customerId } : {}) },
  });
  if (!hasEmail(auth)) return refuse();
  if (guard === 'email') return { allow: true };
  // Moderator and admin checks read the claims, which arrive with the profile.
  if (!auth.profile || auth.profile.id !== auth.user?.id) return { allow: false, wait: true };
  if (auth.profile.isAdmin) return { allow: true };
  if (guard === 'moderator' && customerId && auth.profile.moderator[customerId] === true) return { allow: true };
  return refuse();
}

/**
 * Where a refused user goes: the previous page when the refusal comes from a navigation away from
 * a guarded page that still admits them; Home otherwise (first visit, or signed out in place).
 */
export function refusalTarget(
  query: Record<string, string>,
  previous: Visit | null,
  current: { key: string; pathname: string },
  auth: AuthView,
): string {
  const navigated = !!previous && (previous.key !== current.key || previous.pathname !== current.pathname);
  if (previous && navigated && isRouteName(previous.name)) {
    const prevDef = routeByName(previous.name);
    if (prevDef.guard !== 'none' && decide(prevDef.guard, previous.name, auth, previous.params.customerId).allow) {
      const q = new URLSearchParams(previous.search);
      q.delete('dialogAuth');
      q.delete('to');
      q.delete('customerId');
      for (const [k, v] of Object.entries(query)) q.set(k, v);
      return `${previous.pathname}?${q}`;
    }
  }
  return pathFor('Home', {}, query);
}

// When and where the user last signed out from the account menu (platform.tsx).
let signedOut = { at: Number.NEGATIVE_INFINITY, pathname: '' };

/** The user signs out on purpose on `pathname`: for a few seconds, that page (if it needs an account)
 *  sends them Home without the sign-in dialog (they are on their way Home already; a guard refusing them
 *  there must not ask them to sign in again). */
export function markSignOut(pathname: string, now = Date.now()): void {
  signedOut = { at: now, pathname };
}

/** Whether refusing the user on `pathname` comes from their own sign-out there, a moment ago. */
export function refusedBySignOut(auth: AuthView, pathname: string, now = Date.now()): boolean {
  return auth.status === 'signedOut' && pathname === signedOut.pathname && now - signedOut.at < 10_000;
}

/**
 * The page the user was on when this guard first held them back at `location` (waiting or refused): the
 * last visit the layout recorded then, kept for as long as the guard stays on that location. Asking
 * `lastVisit()` at each render would be wrong once the layout has recorded `location` itself: the router
 * renders the refusal's navigation in a transition, and any store update before it lands (the live profile
 * re-read, for one) re-renders this guard on the refused location, which then looked like a refusal in
 * place and sent the user Home instead of back. A location the guard first let in and refuses later (a
 * sign-out there, a moderator removed) is a refusal in place: by then the layout has recorded it.
 */
function useHeldFrom(held: boolean, location: { key: string; pathname: string }): Visit | null {
  const here = `${location.key} ${location.pathname}`;
  const from = useRef<{ here: string; visit: Visit | null } | null>(null);
  if (held && from.current?.here !== here) from.current = { here, visit: lastVisit() };
  // Forgotten once a screen was let in and shown (an effect: a render the router may still discard, such as
  // the refusal's own navigation, must not forget it).
  useEffect(() => {
    if (!held) from.current = null;
  }, [held, here]);
  return from.current?.here === here ? from.current.visit : lastVisit();
}

export function Guarded({ guard, name, children }: { guard: Guard; name: RouteName; children: ReactNode }) {
  const auth = useAppSelector((s) => s.auth);
  const { customerId } = useParams();
  const location = useLocation();
  const d = decide(guard, name, auth, customerId);
  const previous = useHeldFrom(!d.allow, location);
  if (d.allow) return <>{children}</>;
  if (d.wait) return <RemoteLoading />;
  if (refusedBySignOut(auth, location.pathname)) return <Navigate replace to={pathFor('Home')} />;
  return <Navigate replace to={refusalTarget(d.query, previous, location, auth)} />;
}
