// Runs once per sign-in, when the profile has arrived: lands the user on `to` after signing in from
// a guard's redirect, otherwise applies the spec's customer redirect rule (see routes/sign-in.ts).
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAppSelector } from './hooks.ts';
import { hasEmail } from '../routes/guard.tsx';
import { customerRedirect, intentTarget, withoutDialogKeys, type SignInIntent } from '../routes/sign-in.ts';

export function useSignInRedirects(routeName: string, customerId: string | undefined) {
  const location = useLocation();
  const navigate = useNavigate();
  const auth = useAppSelector((s) => s.auth);
  const intent = useRef<SignInIntent | null>(null);
  const lastPath = useRef(location.pathname);
  const handled = useRef(0);

  // Remember what the auth dialog was opened for: the dialog may clear the query itself on success.
  useEffect(() => {
    const q = new URLSearchParams(location.search);
    if (q.get('dialogAuth') === 'true') intent.current = { to: q.get('to'), customerId: q.get('customerId') };
    // The dialog goes to `to` itself once the password is accepted, usually before the profile has arrived: that
    // move keeps the intent (the customer redirect must not take the user away from it); any other forgets it.
    else if (location.pathname !== lastPath.current && location.pathname !== intentTarget(intent.current))
      intent.current = null;
    lastPath.current = location.pathname;
  }, [location.pathname, location.search]);

  useEffect(() => {
    const sig = auth.signIn;
    if (!sig || handled.current === sig.seq || auth.status !== 'signedIn' || !auth.profile) return;
    handled.current = sig.seq;
    if (!hasEmail(auth)) return; // anonymous guests: the dialog stays for a real sign-in
    const dialogOpen = new URLSearchParams(location.search).get('dialogAuth') === 'true';
    if (sig.kind === 'interactive') {
      const target = intentTarget(intent.current);
      intent.current = null;
      if (target) {
        if (target !== location.pathname) navigate(target, { replace: true });
        return;
      }
    } else if (dialogOpen) {
      return; // restored at load with the dialog open (e.g. refused by a guard): leave it
    }
    const search = withoutDialogKeys(location.search);
    const redirect = customerRedirect({
      customer: auth.profile.customer,
      route: routeName,
      customerId,
      search,
      kind: sig.kind,
    });
    if (redirect) navigate(redirect, { replace: true });
    else if (dialogOpen) navigate({ pathname: location.pathname, search, hash: location.hash }, { replace: true });
  }, [auth, location.pathname, location.search, location.hash, navigate, routeName, customerId]);
}
