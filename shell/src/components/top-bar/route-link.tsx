import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { usePlatform, type RouteName, type RouteParams } from '@guestmap/shared-ui/contracts';
import { scheduleAnchorScroll } from '../../app/anchor-scroll.ts';
import { isPlainLeftClick } from './is-plain-left-click.ts';

/** A real link (href for new tabs, crawlers and screen readers) that navigates by route name. */
export function RouteLink({
  to,
  params,
  className,
  children,
  onNavigate,
  hash,
}: {
  to: RouteName;
  params?: RouteParams;
  className?: string;
  children: ReactNode;
  onNavigate?: () => void;
  hash?: string;
}) {
  const { hrefFor, navigateTo } = usePlatform();
  const location = useLocation();
  const href = hrefFor(to, params) + (hash ? `#${hash}` : '');
  const current = location.pathname === hrefFor(to, params) && !hash;
  return (
    <a
      href={href}
      className={className}
      aria-current={current ? 'page' : undefined}
      onClick={(e) => {
        if (!isPlainLeftClick(e)) return;
        e.preventDefault();
        if (hash) {
          if (location.pathname !== hrefFor(to, params)) navigateTo(to, params);
          scheduleAnchorScroll(hash);
        } else {
          navigateTo(to, params);
        }
        onNavigate?.();
      }}
    >
      {children}
    </a>
  );
}
