// The shell's chrome around every route: top bar, progress bar, overlay, toasts, the auth dialog
// (the account remote's, whenever ?dialogAuth=true), and the lazily loaded footer.
import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation, useMatches, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { LOCALES, LOCALE_LABELS, usePlatform, type Locale } from '@guestmap/shared-ui/contracts';
import { useAppSelector } from '../app/hooks.ts';
import { RemoteScreen } from './remote-screen.tsx';
import { ToastHost, type ToastStore } from './toasts.tsx';

const Footer = lazy(() => import('./footer.tsx'));

export interface RouteHandle {
  name: string;
  blurred?: boolean;
  customer?: boolean;
}

function TopBar() {
  const { t } = useTranslation('shell');
  const { user, navigateTo, hrefFor, requestSignIn, locale, setLocale, signOut } = usePlatform();
  const link = (label: string, onClick: () => void, href: string) => (
    <a
      href={href}
      onClick={(e) => {
        e.preventDefault();
        onClick();
      }}
    >
      {label}
    </a>
  );
  return (
    <header className="gm-topbar">
      <a
        className="gm-logo"
        href={hrefFor('Home')}
        onClick={(e) => {
          e.preventDefault();
          navigateTo('Home');
        }}
      >
        Guestmap
      </a>
      <nav className="gm-topbar-links" aria-label="Main">
        {link(t('nav.forHotels'), () => navigateTo('Hotels'), hrefFor('Hotels'))}
        {link(t('nav.exploreMaps'), () => navigateTo('Map', { customerId: 'ho-chi-minh-city' }), hrefFor('Map', { customerId: 'ho-chi-minh-city' }))}
      </nav>
      <label className="gm-visually-hidden" htmlFor="gm-lang">
        {t('nav.language')}
      </label>
      <select id="gm-lang" className="gm-lang" value={locale} onChange={(e) => setLocale(e.target.value as Locale)}>
        {LOCALES.map((l) => (
          <option key={l} value={l}>
            {LOCALE_LABELS[l]}
          </option>
        ))}
      </select>
      {user ? (
        <button type="button" className="gm-btn" onClick={() => void signOut()}>
          {t('nav.signOut')}
        </button>
      ) : (
        <button type="button" className="gm-btn gm-btn-primary" onClick={() => requestSignIn()}>
          {t('nav.signIn')}
        </button>
      )}
    </header>
  );
}

function ProgressBar() {
  const pending = useAppSelector((s) => s.ui.pendingKeys.length > 0);
  return pending ? <div className="gm-progress" role="progressbar" aria-label="Loading" /> : null;
}

function Overlay() {
  const { t } = useTranslation('shell');
  const authStatus = useAppSelector((s) => s.auth.status);
  if (authStatus !== 'unknown') return null;
  return (
    <div className="gm-overlay" role="progressbar" aria-label={t('boot.loading')}>
      <span className="gm-spinner" />
    </div>
  );
}

export function Layout({ toasts }: { toasts: ToastStore }) {
  const [params] = useSearchParams();
  const matches = useMatches();
  const location = useLocation();
  const handle = (matches[matches.length - 1]?.handle ?? {}) as Partial<RouteHandle>;
  useEffect(() => {
    document.body.dataset.route = handle.name ?? 'NotFound';
  }, [handle.name]);
  useEffect(() => {
    window.scrollTo?.(0, 0);
  }, [location.pathname]);
  return (
    <div className={`gm-app${handle.blurred ? ' gm-blurred' : ''}`}>
      <TopBar />
      <ProgressBar />
      <div className="gm-main">
        <Outlet />
      </div>
      {params.get('dialogAuth') === 'true' && <RemoteScreen remote="account" module="AuthDialog" />}
      <Suspense fallback={null}>{!handle.blurred && <Footer />}</Suspense>
      <ToastHost store={toasts} />
      <Overlay />
    </div>
  );
}
