// Another user in the page (a sign-in or sign-out, in this tab or another): row-level security may show
// them another customer row, or none, so the shell reads the route's customer again (app/customer.ts).
// The session restored at load is the one the first read used: nothing to read again then.
// (A file of its own: app/customer.ts is evaluated in a boot step, before react-redux is.)
import { useEffect, useRef } from 'react';
import { useStore } from 'react-redux';
import type { Db } from '@guestmap/shared-ui/contracts';
import { useAppSelector } from './hooks.ts';
import { reloadCustomer } from './customer.ts';
import type { AppStore } from './store.ts';

export function useCustomerOnUser(db: Db, customerId: string | undefined) {
  const user = useAppSelector((s) => (s.auth.status === 'unknown' ? undefined : (s.auth.user?.id ?? null)));
  const store = useStore() as AppStore;
  const seen = useRef(user);
  useEffect(() => {
    const before = seen.current;
    seen.current = user;
    if (before !== undefined && user !== undefined && before !== user && customerId) void reloadCustomer(db, store);
  }, [user, customerId, db, store]);
}
