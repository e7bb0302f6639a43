// The dev harness's reader of the route's customer (the shell's is shell/src/app/customer.ts): the same
// contract (`Platform.customer`, `useCustomer()`), without the shell's boot copy, toasts or retries.
import { matchPath } from 'react-router-dom';
import { ROUTES, ROUTE_NAMES, type CustomerSnapshot, type CustomerSource, type Db } from '../contracts/index.ts';
import { readCustomer } from './api/read-customer.ts';

/** The `customerId` of a path, as the route table would match it. */
function customerIdOf(pathname: string): string | null {
  for (const name of ROUTE_NAMES) {
    const m = matchPath(ROUTES[name], pathname);
    if (m) return m.params.customerId ?? null;
  }
  return null;
}

export function harnessCustomer(db: Db): CustomerSource & { follow: (pathname: string) => void } {
  let state: CustomerSnapshot = { id: null, status: 'idle', data: null };
  const listeners = new Set<() => void>();
  const set = (s: CustomerSnapshot) => {
    state = s;
    listeners.forEach((l) => l());
  };
  const read = async (id: string) => {
    const { data, error } = await readCustomer(db, id);
    if (state.id !== id) return;
    if (data) set({ id, status: 'loaded', data });
    else if (error && state.status !== 'loaded') set({ id, status: 'error', data: null });
    else if (!error) set({ id, status: 'notFound', data: null });
  };
  return {
    get: () => state,
    subscribe: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    reload: () => (state.id ? read(state.id) : Promise.resolve()),
    follow: (pathname) => {
      const id = customerIdOf(pathname);
      if (id === state.id) return;
      set({ id, status: id ? 'loading' : 'idle', data: null });
      if (id) void read(id);
    },
  };
}
