// The browser router built from the route table: each route renders its remote's screen behind its guard.
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router-dom';
import { ROUTE_TABLE } from './route-table.ts';
import { Guarded } from './guard.tsx';
import { RemoteScreen } from '../components/remote-screen.tsx';
import { NotFound } from '../components/not-found.tsx';
import type { ReactNode } from 'react';

export function buildRoutes(root: ReactNode): RouteObject[] {
  return [
    {
      element: root,
      children: [
        ...ROUTE_TABLE.map<RouteObject>((r) => ({
          path: r.path,
          handle: { name: r.name, blurred: r.blurred, customer: r.customer },
          element: (
            <Guarded guard={r.guard} name={r.name}>
              <RemoteScreen remote={r.remote} module={r.module} />
            </Guarded>
          ),
        })),
        { path: '*', handle: { name: 'NotFound' }, element: <NotFound /> },
      ],
    },
  ];
}

export function makeRouter(root: ReactNode) {
  return createBrowserRouter(buildRoutes(root));
}

export { Outlet };
