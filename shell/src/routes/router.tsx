// The page's routes from the route table: each renders its remote's screen behind its guard, inside
// the layout. Declarative routing (no data router: the shell loads no route data, and the data
// router would add about 15 KB gzip to every first screen).
import { Route, Routes } from 'react-router-dom';
import type { ReactNode } from 'react';
import { ROUTE_TABLE } from './route-table.ts';
import { Guarded } from './guard.tsx';
import { RemoteScreen } from '../components/remote-screen.tsx';
import { NotFound } from '../components/not-found.tsx';
import { CustomerSplash } from '../components/customer-splash.tsx';

export function AppRoutes({ root }: { root: ReactNode }) {
  return (
    <Routes>
      <Route element={root}>
        {ROUTE_TABLE.map((r) => (
          <Route
            key={r.name}
            path={r.path}
            element={
              <Guarded guard={r.guard} name={r.name}>
                <RemoteScreen
                  remote={r.remote}
                  module={r.module}
                  loading={r.remote === 'map' && r.customer ? <CustomerSplash /> : undefined}
                />
              </Guarded>
            }
          />
        ))}
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
