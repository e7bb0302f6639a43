// The top navigation bar (spec section 2) and, below the md breakpoint (960 px), the right-side
// temporary drawer (280 px) holding the same items. Light components (no antd): this ships on the
// guest path.
import { useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  LOCALES,
  LOCALE_LABELS,
  usePlatform,
  type Locale,
  type RouteName,
  type RouteParams,
} from '@guestmap/shared-ui/contracts';
import { tokens } from '@guestmap/shared-ui/tokens';
import { keepFocusInside } from '@guestmap/shared-ui/components';
import { useAppDispatch, useAppSelector } from '../app/hooks.ts';
import { uiSlice, type CustomerSummary } from '../app/store.ts';
import { applyTheme } from '../app/theme.ts';
import { useBelow } from '../app/use-media.ts';
import { ANCHORS, scheduleAnchorScroll } from '../app/anchor-scroll.ts';

export const EXPLORE_CUSTOMER = 'ho-chi-minh-city';

function isPlainLeftClick(e: MouseEvent) {
  return e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;
}

/** A real link (href for new tabs, crawlers and screen readers) that navigates by route name. */
function RouteLink({
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

function LanguageSelect({ id }: { id: string }) {
  const { t } = useTranslation('shell');
  const { locale, setLocale } = usePlatform();
  return (
    <span className="gm-lang-wrap">
      <label className="gm-visually-hidden" htmlFor={id}>
        {t('nav.language')}
      </label>
      <select id={id} className="gm-lang" value={locale} onChange={(e) => setLocale(e.target.value as Locale)}>
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LOCALE_LABELS[l]}
          </option>
        ))}
      </select>
    </span>
  );
}

function ThemeToggle({ withLabel }: { withLabel?: boolean }) {
  const { t } = useTranslation('shell');
  const theme = useAppSelector((s) => s.ui.theme);
  const dispatch = useAppDispatch();
  const dark = theme === 'dark';
  return (
    <button
      type="button"
      className={withLabel ? 'gm-btn gm-btn-ghost gm-drawer-row' : 'gm-icon-btn'}
      aria-pressed={dark}
      aria-label={withLabel ? undefined : t('nav.theme')}
      title={t('nav.theme')}
      onClick={() => {
        const next = dark ? 'light' : 'dark';
        applyTheme(next, true);
        dispatch(uiSlice.actions.setTheme(next));
      }}
    >
      <svg
        aria-hidden="true"
        width="20"
        height="20"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        {dark ? (
          <path d="M12 3v2M12 19v2M4.2 4.2l1.4 1.4M18.4 18.4l1.4 1.4M3 12h2M19 12h2M4.2 19.8l1.4-1.4M18.4 5.6l1.4-1.4M12 8a4 4 0 100 8 4 4 0 000-8z" />
        ) : (
          <path d="M21 12.8A9 9 0 1111.2 3a7 7 0 009.8 9.8z" />
        )}
      </svg>
      {withLabel && <span>{t('nav.theme')}</span>}
    </button>
  );
}

export function Avatar({ name, url, size = 32 }: { name: string; url: string | null; size?: number }) {
  const [broken, setBroken] = useState(false);
  const initials = name
    .split(/[\s@._-]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
  return url && !broken ? (
    <img
      className="gm-avatar"
      src={url}
      alt=""
      width={size}
      height={size}
      onError={() => setBroken(true)}
      referrerPolicy="no-referrer"
    />
  ) : (
    <span className="gm-avatar gm-avatar-initials" style={{ width: size, height: size }} aria-hidden="true">
      {initials || '?'}
    </span>
  );
}

interface AccountItems {
  name: string;
  email: string | null;
  picture: string | null;
  myCustomers: CustomerSummary[];
  moderated: CustomerSummary[];
  partnerStaff: boolean;
}

function useAccount(): AccountItems | null {
  const { user, profile } = usePlatform();
  const myCustomers = useAppSelector((s) => s.auth.myCustomers);
  const moderated = useAppSelector((s) => s.auth.moderated);
  const partnerStaff = useAppSelector((s) => s.auth.partnerStaff);
  // An anonymous guest (rewards without signing up) is not really signed in: they get "Sign in".
  if (!user || user.isAnonymous) return null;
  return {
    name: profile?.displayName || user.email || '',
    email: user.email,
    picture: profile?.profilePictureUrl ?? null,
    myCustomers,
    moderated,
    partnerStaff,
  };
}

/** The account menu's entries, rendered as menu items (desktop) or as a list (drawer). */
function AccountEntries({
  account,
  role,
  onNavigate,
}: {
  account: AccountItems;
  role?: 'menuitem';
  onNavigate?: () => void;
}) {
  const { t } = useTranslation('shell');
  const { navigateTo, hrefFor, signOut, user } = usePlatform();
  const item = (key: string, label: ReactNode, to: RouteName, params?: RouteParams) => (
    <a
      key={key}
      role={role}
      className="gm-menu-item"
      href={hrefFor(to, params)}
      tabIndex={role ? -1 : undefined}
      onClick={(e) => {
        if (!isPlainLeftClick(e)) return;
        e.preventDefault();
        navigateTo(to, params);
        onNavigate?.();
      }}
    >
      {label}
    </a>
  );
  return (
    <>
      {user?.email && !user.isAnonymous && item('settings', t('nav.settings'), 'UserSettings')}
      {account.myCustomers.length > 0 && (
        <div className="gm-menu-group" role={role ? 'group' : undefined} aria-label={t('nav.myMaps')}>
          <div className="gm-menu-heading" aria-hidden={role ? 'true' : undefined}>
            {t('nav.myMaps')}
          </div>
          {account.myCustomers.map((c) => item(`map-${c.id}`, c.name, 'Map', { customerId: c.id }))}
        </div>
      )}
      {account.moderated.length > 0 && (
        <div className="gm-menu-group" role={role ? 'group' : undefined} aria-label={t('nav.dashboards')}>
          <div className="gm-menu-heading" aria-hidden={role ? 'true' : undefined}>
            {t('nav.dashboards')}
          </div>
          {account.moderated.map((c) =>
            item(`dash-${c.id}`, t('nav.dashboardOf', { name: c.name }), 'Dashboard', { customerId: c.id }),
          )}
        </div>
      )}
      {account.partnerStaff && item('partner', t('nav.partnerPortal'), 'PartnerPortal')}
      {user?.email && !user.isAnonymous && item('create', t('nav.createMap'), 'CustomerCreate')}
      <button
        type="button"
        role={role}
        tabIndex={role ? -1 : undefined}
        className="gm-menu-item gm-menu-signout"
        onClick={() => {
          onNavigate?.();
          void signOut();
        }}
      >
        {t('nav.signOut')}
      </button>
    </>
  );
}

function UserMenu({ account }: { account: AccountItems }) {
  const { t } = useTranslation('shell');
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const items = () => Array.from(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  useEffect(() => {
    if (!open) return;
    items()[0]?.focus();
    const onDown = (e: PointerEvent) => {
      if (!menu.current?.contains(e.target as Node) && !button.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);

  const onKeyDown = (e: KeyboardEvent) => {
    const list = items();
    const i = list.indexOf(document.activeElement as HTMLElement);
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      list[(i + 1) % list.length]?.focus();
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      list[(i - 1 + list.length) % list.length]?.focus();
    } else if (e.key === 'Home') {
      e.preventDefault();
      list[0]?.focus();
    } else if (e.key === 'End') {
      e.preventDefault();
      list[list.length - 1]?.focus();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      setOpen(false);
      button.current?.focus();
    } else if (e.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <div className="gm-user-menu">
      <button
        ref={button}
        type="button"
        className="gm-icon-btn gm-user-btn"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={t('nav.account')}
        title={account.email ?? account.name}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setOpen(true);
          }
        }}
      >
        <Avatar name={account.name} url={account.picture} />
      </button>
      {open && (
        <div ref={menu} id={menuId} className="gm-menu" role="menu" aria-label={t('nav.account')} onKeyDown={onKeyDown}>
          <div className="gm-menu-who" aria-hidden="true">
            <strong>{account.name}</strong>
            {account.email && account.email !== account.name && <span>{account.email}</span>}
          </div>
          <AccountEntries account={account} role="menuitem" onNavigate={() => setOpen(false)} />
        </div>
      )}
    </div>
  );
}

function SectionLinks({ onNavigate, className }: { onNavigate?: () => void; className?: string }) {
  const { t } = useTranslation('shell');
  return (
    <>
      <RouteLink to="Home" hash={ANCHORS.features} className={className} onNavigate={onNavigate}>
        {t('nav.features')}
      </RouteLink>
      <RouteLink to="Home" hash={ANCHORS.howItWorks} className={className} onNavigate={onNavigate}>
        {t('nav.howItWorks')}
      </RouteLink>
      <RouteLink to="Home" hash={ANCHORS.testimonials} className={className} onNavigate={onNavigate}>
        {t('nav.testimonials')}
      </RouteLink>
      <RouteLink to="Hotels" className={className} onNavigate={onNavigate}>
        {t('nav.forHotels')}
      </RouteLink>
    </>
  );
}

function SignInButton({ onClick, className }: { onClick?: () => void; className?: string }) {
  const { t } = useTranslation('shell');
  const { requestSignIn } = usePlatform();
  return (
    <button
      type="button"
      className={className ?? 'gm-btn'}
      onClick={() => {
        onClick?.();
        requestSignIn();
      }}
    >
      {t('nav.signIn')}
    </button>
  );
}

function Drawer({ onClose, returnFocus }: { onClose: () => void; returnFocus: () => void }) {
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
