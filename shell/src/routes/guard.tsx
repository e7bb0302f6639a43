// Route guards (spec section 5): e-mail sign-in, moderator, admin. Refusals go to Home with the
// auth dialog open and `to` = the target route name (never a URL).
import type { ReactNode } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { pathFor, type RouteName } from '@guestmap/shared-ui/contracts';
import { useAppSelector } from '../app/hooks.ts';
import type { Guard } from './route-table.ts';
import type { AuthState } from '../app/store.ts';

export type GuardDecision = { allow: true } | { allow: false; wait: true } | { allow: false; wait: false; query: Record<string, string> };

/** Pure decision, unit-tested: who may enter a route. */
export function decide(guard: Guard, name: RouteName, auth: AuthState, customerId?: string): GuardDecision {
  if (guard === 'none') return { allow: true };
  if (auth.status === 'unknown') return { allow: false, wait: true };
  const hasEmail = !!auth.user?.email && !auth.user.isAnonymous;
  const refuse = (): GuardDecision => ({ allow: false, wait: false, query: { dialogAuth: 'true', to: name, ...(guard === 'moderator' && customerId ? { customerId } : {}) } });
  if (!hasEmail) return refuse();
  if (guard === 'email') return { allow: true };
  if (!auth.profile) return { allow: false, wait: true };
  if (auth.profile.isAdmin) return { allow: true };
  if (guard === 'moderator' && customerId && auth.profile.moderator[customerId] === true) return { allow: true };
  return refuse();
}

export function Guarded({ guard, name, children }: { guard: Guard; name: RouteName; children: ReactNode }) {
  const auth = useAppSelector((s) => s.auth);
  const { customerId } = useParams();
  const d = decide(guard, name, auth, customerId);
  if (d.allow) return <>{children}</>;
  if (d.wait) return null;
  return <Navigate replace to={pathFor('Home', {}, d.query)} />;
}
