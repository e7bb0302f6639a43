// The shell's chrome around every route: top bar (drawer on small screens), progress bar,
// full-screen overlay, toasts, the auth dialog (the account remote's, whenever ?dialogAuth=true),
// the contact dialog (the marketing remote's, ?dialogContact=true) and the lazily loaded footer.
import { lazy, Suspense, useCallback, useEffect, useEffectEvent, useLayoutEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { isRouteName, usePlatform, type RouteName } from '@guestmap/shared-ui/contracts';
import { useAppDispatch, useAppSelector, useAppStore } from '../app/hooks.ts';
import { customerTextsFor, useCustomerLoader } from '../app/customer.ts';
import { useCustomerOnUser } from '../app/use-customer-on-user.ts';
import { useSignInRedirects } from '../app/use-sign-in-redirects.ts';
import { scheduleAnchorScroll } from '../app/anchor-scroll.ts';
import { releasePrerender } from '../app/prerender.ts';
import { recordVisit } from '../routes/history.ts';
import { routeForPath } from '../routes/route-table.ts';
import { NO_CUSTOMER_REDIRECT } from '../routes/sign-in.ts';
import { RemoteScreen } from './remote-screen.tsx';
import { ToastHost, type ToastStore } from './toasts.tsx';
import { TopBar } from './top-bar/index.ts';
import { ConnectionNotice } from './connection-notice.tsx';

const Footer = lazy(() => import('./footer.tsx'));

export interface RouteHandle {
  name: string;
  remote?: string;
  blurred?: boolean;
  customer?: boolean;
}

export function ProgressBar() {
  const { t } = useTranslation('shell');
  const pending = useAppSelector((s) => s.ui.pendingKeys.length > 0);
  return pending ? (
    <div className="gm-progress" role="progressbar" aria-label={t('boot.working')} aria-busy="true" />
  ) : null;
}

/** Whether the full-screen overlay still covers the page (spec section 4). */
export function useOverlayVisible(routeName: string, customerId: string | undefined): boolean {
  const auth = useAppSelector((s) => s.auth);
  const customer = useAppSelector((s) => s.customer);
  if (auth.status === 'unknown') return true;
  if (customerId && (customer.id !== customerId || customer.status === 'loading' || customer.status === 'idle'))
    return true;
  // A restored session may move the user to their customer's map: wait for the profile.
  if (
    auth.status === 'signedIn' &&
    !auth.profile &&
    auth.signIn?.kind === 'restored' &&
    !customerId &&
    isRouteName(routeName) &&
    !NO_CUSTOMER_REDIRECT.includes(routeName)
  )
    return true;
  return false;
}

function Overlay({ visible }: { visible: boolean }) {
  const { t } = useTranslation('shell');
  if (!visible) return null;
  return (
    <div className="gm-overlay" role="progressbar" aria-label={t('boot.loading')} aria-busy="true">
      <span className="gm-spinner" aria-hidden="true" />
    </div>
  );
}

function ContactDialogHost() {
  const [params, setParams] = useSearchParams();
  const onClose = useCallback(() => {
    const q = new URLSearchParams(params);
    q.delete('dialogContact');
    setParams(q, { replace: true });
  }, [params, setParams]);
  if (params.get('dialogContact') !== 'true') return null;
  return (
    <div className="gm-dialog-host" data-dialog="contact">
      <RemoteScreen remote="marketing" module="ContactDialog" props={{ open: true, onClose }} />
    </div>
  );
}

export function Layout({ toasts }: { toasts: ToastStore }) {
  const { t } = useTranslation('shell');
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { customerId } = useParams();
  const { db, toast, setPending } = usePlatform();
  const dispatch = useAppDispatch();
  // The route shown, ranked as the router ranks it (unknown paths: NotFound).
  const handle: Partial<RouteHandle> = routeForPath(location.pathname) ?? {};
  const routeName = handle.name ?? 'NotFound';
  const overlay = useOverlayVisible(routeName, customerId);
  const signIn = useAppSelector((s) => s.auth.signIn);
  const profileLoaded = useAppSelector((s) => !!s.auth.profile);

  const locale = useAppSelector((s) => s.ui.locale);
  const getState = useAppStore().getState;
  useCustomerLoader({ db, dispatch, toast, t, getState }, customerId, customerTextsFor(handle.remote, locale));
  useCustomerOnUser(db, customerId);
  useSignInRedirects(routeName, customerId);

  // An interactive sign-in shows the progress bar until the profile has arrived.
  useEffect(() => {
    const on = signIn?.kind === 'interactive' && !profileLoaded;
    setPending('signIn', on);
  }, [signIn, profileLoaded, setPending]);

  useEffect(() => {
    recordVisit({
      key: location.key,
      pathname: location.pathname,
      search: location.search,
      name: isRouteName(routeName) ? (routeName as RouteName) : 'NotFound',
      params: { customerId },
    });
  }, [location.key, location.pathname, location.search, routeName, customerId]);

  useEffect(() => {
    document.body.dataset.route = routeName;
  }, [routeName]);

  // The hero the server sent with the page copies the page it was sent for: another page removes it.
  const openedAt = useRef(location.pathname);
  useLayoutEffect(() => {
    if (location.pathname !== openedAt.current) releasePrerender();
  }, [location.pathname]);

  // New page: start at the top; a #anchor (e.g. /#features from a shared link) scrolls there.
  const firstRender = useRef(true);
  const scrollForNewPage = useEffectEvent(() => {
    if (firstRender.current && location.hash) scheduleAnchorScroll(decodeURIComponent(location.hash.slice(1)));
    else window.scrollTo?.(0, 0);
    firstRender.current = false;
  });
  // Only on a new path (location.hash is read once): the top bar's anchor links scroll themselves.
  useEffect(() => scrollForNewPage(), [location.pathname]);

  // The auth dialog is mounted exactly while ?dialogAuth=true: removing it (with to/customerId)
  // from the query closes the dialog. The dialog needs nothing but the platform context.
  const dialogAuth = params.get('dialogAuth') === 'true';

  return (
    <div className={`gm-app${handle.blurred ? ' gm-blurred' : ''}`} data-route={routeName}>
      <a className="gm-skip" href="#gm-main">
        {t('nav.skip')}
      </a>
      <TopBar />
      <ProgressBar />
      <div id="gm-main" className="gm-main" tabIndex={-1}>
        <Outlet />
      </div>
      {dialogAuth && (
        <div className="gm-dialog-host" data-dialog="auth">
          <RemoteScreen remote="account" module="AuthDialog" />
        </div>
      )}
      <ContactDialogHost />
      <Suspense fallback={null}>
        {!handle.blurred && (
          <Footer
            onContact={() =>
              navigate({ pathname: location.pathname, search: withParam(location.search, 'dialogContact', 'true') })
            }
          />
        )}
      </Suspense>
      <ToastHost store={toasts} />
      <Overlay visible={overlay} />
      <ConnectionNotice />
    </div>
  );
}

function withParam(search: string, key: string, value: string) {
  const q = new URLSearchParams(search);
  q.set(key, value);
  return `?${q}`;
}
