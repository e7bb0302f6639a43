// Props for a link to a route: its address, and a click that navigates in the page (modified clicks open as usual).
import { type MouseEvent } from 'react';
import { usePlatform, type RouteName, type RouteParams, type RouteQuery } from '@guestmap/shared-ui/contracts';

export function useRouteLink() {
  const { navigateTo, hrefFor } = usePlatform();
  return (name: RouteName, params?: RouteParams, query?: RouteQuery) => ({
    href: hrefFor(name, params, query),
    onClick: (e: MouseEvent) => {
      if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
      e.preventDefault();
      navigateTo(name, params, query);
    },
  });
}
