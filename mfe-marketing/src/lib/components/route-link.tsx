// A link to a route of the app, by route name (never a hard-coded path): a real href for
// new tabs and crawlers, client-side navigation on a plain click.
import type { AnchorHTMLAttributes, MouseEvent, ReactNode } from 'react';
import { usePlatform, type RouteName, type RouteParams, type RouteQuery } from '@guestmap/shared-ui/contracts';

interface Props extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: RouteName;
  params?: RouteParams;
  query?: RouteQuery;
  children: ReactNode;
}

export function RouteLink({ to, params, query, onClick, children, ...rest }: Props) {
  const { hrefFor, navigateTo } = usePlatform();
  const handle = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    navigateTo(to, params, query);
  };
  return (
    <a href={hrefFor(to, params, query)} onClick={handle} {...rest}>
      {children}
    </a>
  );
}
