// The top navigation bar (spec section 2) and, below the md breakpoint (960 px), the right-side
// temporary drawer (280 px) holding the same items. Light components (no antd): this ships on the
// guest path.
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useBelow } from '../../app/use-media.ts';
import { Drawer } from './drawer.tsx';
import { EXPLORE_CUSTOMER } from './explore-customer.ts';
import { LanguageSelect } from './language-select.tsx';
import { RouteLink } from './route-link.tsx';
import { SectionLinks } from './section-links.tsx';
import { SignInButton } from './sign-in-button.tsx';
import { ThemeToggle } from './theme-toggle.tsx';
import { useAccount } from './use-account.ts';
import { UserMenu } from './user-menu.tsx';

export function TopBar() {
  const { t } = useTranslation('shell');
  const account = useAccount();
  const mobile = useBelow('md');
  const [drawerOpen, setDrawerOpen] = useState(false);
  const menuBtn = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  // The drawer closes on route change (and when the window grows past the breakpoint).
  useEffect(() => setDrawerOpen(false), [location.pathname, location.search]);
  useEffect(() => {
    if (!mobile) setDrawerOpen(false);
  }, [mobile]);

  const returnFocus = useRef(() => menuBtn.current?.focus()).current;

  return (
    <header className="gm-topbar">
      <RouteLink to="Home" className="gm-logo">
        <svg aria-hidden="true" width="26" height="26" viewBox="0 0 32 32">
          <circle cx="16" cy="13" r="9" fill="currentColor" />
          <path d="M16 31 8 18h16z" fill="currentColor" />
          <circle cx="16" cy="13" r="3.5" fill="var(--gm-surface)" />
        </svg>
        <span>Guestmap</span>
      </RouteLink>
      {mobile ? (
        <>
          <span className="gm-topbar-spacer" />
          <button
            ref={menuBtn}
            type="button"
            className="gm-icon-btn"
            aria-label={t('nav.menu')}
            aria-expanded={drawerOpen}
            aria-haspopup="dialog"
            onClick={() => setDrawerOpen(true)}
          >
            <svg
              aria-hidden="true"
              width="22"
              height="22"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            >
              <path d="M4 7h16M4 12h16M4 17h16" />
            </svg>
          </button>
          {/* In a portal: the bar's backdrop-filter (Map, Activity) would otherwise contain the fixed drawer. */}
          {drawerOpen &&
            createPortal(<Drawer onClose={() => setDrawerOpen(false)} returnFocus={returnFocus} />, document.body)}
        </>
      ) : (
        <>
          <nav className="gm-topbar-links" aria-label={t('nav.main')}>
            <SectionLinks className="gm-nav-link" />
          </nav>
          <span className="gm-topbar-spacer" />
          <LanguageSelect id="gm-lang" />
          <ThemeToggle />
          <RouteLink to="Map" params={{ customerId: EXPLORE_CUSTOMER }} className="gm-btn gm-btn-primary">
            {t('nav.exploreMaps')}
          </RouteLink>
          {account ? <UserMenu account={account} /> : <SignInButton />}
        </>
      )}
    </header>
  );
}
