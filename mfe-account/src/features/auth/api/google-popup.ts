// "Continue with Google" in a popup, so the page (and whatever the guest was doing) stays put.
//
// Hand-off: supabase-js builds the authorize URL (implicit flow, skipBrowserRedirect) with
// redirectTo = the shell's own Home route on the page's origin. The provider (locally: the stack's
// consent page) finally redirects the popup there with the session in the URL fragment. As soon as
// the popup is back on our origin the opener can read its location: it takes the tokens from the
// fragment, closes the popup and calls supabase.auth.setSession. Should the shell booting inside the
// popup consume the fragment first (detectSessionInUrl), the session is already in the shared
// storage and supabase-js broadcasts SIGNED_IN to this tab, which also completes the flow. The
// popup being closed before either happens rejects with `popup_closed`.
import type { Supabase as SupabaseClient } from '@guestmap/shared-ui/contracts';
import { CLIENT_CODES } from '../../../lib/utils/errors.ts';

export class PopupFlowError extends Error {
  constructor(readonly code: string) {
    super(code);
    this.name = 'PopupFlowError';
  }
}

const POLL_MS = 120;

function popupFeatures(w: number, h: number): string {
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - w) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - h) / 2));
  return `popup=yes,width=${w},height=${h},left=${left},top=${top}`;
}

/** Reads tokens or an error from a URL the provider redirected to (fragment first, then query). */
export function readRedirect(href: string): { access_token: string; refresh_token: string } | { error: string } | null {
  const url = new URL(href);
  const p = new URLSearchParams(url.hash.replace(/^#/, ''));
  for (const [k, v] of url.searchParams) if (!p.has(k)) p.set(k, v);
  const at = p.get('access_token');
  const rt = p.get('refresh_token');
  if (at && rt) return { access_token: at, refresh_token: rt };
  const code = p.get('error_code') || p.get('error');
  if (code) return { error: code === 'access_denied' ? CLIENT_CODES.popupClosed : code };
  return null;
}

export async function signInWithGooglePopup(supabase: SupabaseClient, redirectTo: string): Promise<void> {
  // Opened synchronously within the click, so pop-up blockers let it through; pointed at the
  // provider once supabase-js has built the URL.
  const popup = window.open('', 'guestmap-google', popupFeatures(480, 640));
  if (!popup) throw new PopupFlowError(CLIENT_CODES.popupBlocked);
  const origin = window.location.origin;
  let url: string | undefined;
  try {
    const { data, error } = await supabase.auth.signInWithOAuth({
      provider: 'google',
      options: { redirectTo, skipBrowserRedirect: true },
    });
    if (error) throw error;
    url = data.url ?? undefined;
    if (!url) throw new PopupFlowError('unexpected_failure');
  } catch (e) {
    popup.close();
    throw e;
  }
  popup.location.href = url;

  return new Promise<void>((resolve, reject) => {
    let done = false;
    const { data: listener } = supabase.auth.onAuthStateChange((event, session) => {
      if (event === 'SIGNED_IN' && session) finish(() => resolve());
    });
    const timer = window.setInterval(tick, POLL_MS);
    function finish(then: () => void) {
      if (done) return;
      done = true;
      window.clearInterval(timer);
      listener.subscription.unsubscribe();
      try {
        popup!.close();
      } catch {}
      then();
    }
    function tick() {
      if (done) return;
      if (popup!.closed) {
        finish(() => reject(new PopupFlowError(CLIENT_CODES.popupClosed)));
        return;
      }
      let href: string;
      try {
        href = popup!.location.href; // throws while the popup is on the provider's origin
      } catch {
        return;
      }
      if (!href || !href.startsWith(origin + '/')) return;
      const r = readRedirect(href);
      if (!r) return; // fragment already consumed inside the popup: SIGNED_IN is on its way
      if ('error' in r) {
        finish(() => reject(new PopupFlowError(r.error)));
        return;
      }
      finish(() => {
        supabase.auth.setSession(r).then(
          ({ error }) => (error ? reject(error) : resolve()),
          (e: unknown) => reject(e),
        );
      });
    }
  });
}
