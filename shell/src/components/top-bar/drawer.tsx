import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { tokens } from '@guestmap/shared-ui/tokens';
import { keepFocusInside } from '@guestmap/shared-ui/components';
import { AccountEntries } from './account-entries.tsx';
import { Avatar } from './avatar.tsx';
import { EXPLORE_CUSTOMER } from './explore-customer.ts';
import { LanguageSelect } from './language-select.tsx';
import { RouteLink } from './route-link.tsx';
import { SectionLinks } from './section-links.tsx';
import { SignInButton } from './sign-in-button.tsx';
import { ThemeToggle } from './theme-toggle.tsx';
import { useAccount } from './use-account.ts';

/** Below the md breakpoint (960 px): the right-side temporary drawer (280 px) holding the bar's items. */
export function Drawer({ onClose, returnFocus }: { onClose: () => void; returnFocus: () => void }) {
  const { t } = useTranslation('shell');
  const account = useAccount();
  const panel = useRef<HTMLDivElement>(null);
  const closeBtn = useRef<HTMLButtonElement>(null);
  const titleId = useId();

  useEffect(() => {
    closeBtn.current?.focus();
    const prevOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = prevOverflow;
      returnFocus();
    };
  }, [returnFocus]);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      onClose();
      return;
    }
    // Keep focus inside the drawer while it is open.
    keepFocusInside(e, panel.current);
  };

  return (
    <div className="gm-drawer-root" onKeyDown={onKeyDown}>
      <div className="gm-scrim" data-testid="drawer-scrim" aria-hidden="true" onClick={onClose} />
      <div
        ref={panel}
        className="gm-drawer"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        style={{ width: tokens.drawerWidth }}
      >
        <div className="gm-drawer-head">
          <span id={titleId} className="gm-drawer-title">
            {t('nav.menu')}
          </span>
          <button ref={closeBtn} type="button" className="gm-icon-btn" aria-label={t('nav.close')} onClick={onClose}>
            <svg
              aria-hidden="true"
              width="20"
              height="20"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            >
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        </div>
        {account && (
          <div className="gm-drawer-who">
            <Avatar name={account.name} url={account.picture} size={40} />
            <div>
              <strong>{account.name}</strong>
              {account.email && account.email !== account.name && <span>{account.email}</span>}
            </div>
          </div>
        )}
        <nav className="gm-drawer-nav" aria-label={t('nav.main')}>
          <SectionLinks className="gm-menu-item" onNavigate={onClose} />
          <RouteLink
            to="Map"
            params={{ customerId: EXPLORE_CUSTOMER }}
            className="gm-btn gm-btn-primary gm-drawer-cta"
            onNavigate={onClose}
          >
            {t('nav.exploreMaps')}
          </RouteLink>
        </nav>
        <div className="gm-drawer-section">
          <LanguageSelect id="gm-lang-drawer" />
          <ThemeToggle withLabel />
        </div>
        <div className="gm-drawer-section">
          {account ? (
            <AccountEntries account={account} onNavigate={onClose} />
          ) : (
            <SignInButton className="gm-btn gm-drawer-cta" onClick={onClose} />
          )}
        </div>
      </div>
    </div>
  );
}
