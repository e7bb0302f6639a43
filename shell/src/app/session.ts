// Follows the Supabase session for the whole page:
//   - auth state into the store (restored at load vs. signed in now);
//   - at sign-in: the auth user read, a forced token refresh, claims copied into the profile, the row merged
//     over it, the profile language applied, the user's customers listed;
//   - a live subscription to the user's profile row, re-read each time it (re)joins; is_disabled = true
//     cancels it and signs out;
//   - the SessionKeeper (session-keeper.ts) refreshes the token on our own schedule;
//   - fatal auth errors sign out, "No account associated with this email" for user_not_found.
import type { Session, RealtimeChannel, AuthChangeEvent } from '@supabase/supabase-js';
import type { i18n as I18n } from 'i18next';
import type { Locale, PlatformUser, Profile, Supabase, ToastApi } from '@guestmap/shared-ui/contracts';
import { authSlice, type AppStore } from './store.ts';
import {
  decodeClaims,
  fetchProfileRow,
  loadIsPartnerStaff,
  loadModerated,
  loadMyCustomers,
  mergeProfileRow,
  profileFromClaims,
  type ProfileRow,
} from './profile.ts';
import {
  SessionKeeper,
  fatalCode,
  type FatalAuthCode,
  type KeptSession,
  type RefreshOutcome,
} from './session-keeper.ts';
import { clearOfflineData } from './offline.ts';

export { profileFromClaims, mergeProfileRow } from './profile.ts';

export function toPlatformUser(session: Session): PlatformUser {
  return { id: session.user.id, email: session.user.email || null, isAnonymous: session.user.is_anonymous === true };
}

export function keptSession(session: Session): KeptSession {
  const claims = decodeClaims(session.access_token);
  const exp =
    typeof claims.exp === 'number'
      ? claims.exp
      : (session.expires_at ?? Math.floor(Date.now() / 1000) + (session.expires_in ?? 3600));
  return { expiresAt: session.expires_at ?? exp, issuedAt: typeof claims.iat === 'number' ? claims.iat : undefined };
}

interface AuthErrorLike {
  name?: string;
  status?: number;
  code?: string;
  message?: string;
}

/** Classifies a refresh error: network (retry with backoff), fatal (sign out) or other. */
export function classifyAuthError(error: unknown): Exclude<RefreshOutcome, { ok: true }> {
  const e = (error ?? {}) as AuthErrorLike;
  const code = fatalCode(e.code) ?? fatalCode(e.message);
  if (code) return { ok: false, kind: 'fatal', code };
  if (
    e.name === 'AuthRetryableFetchError' ||
    e.status === 0 ||
    (typeof e.status === 'number' && e.status >= 500) ||
    e instanceof TypeError
  )
    return { ok: false, kind: 'network' };
  return { ok: false, kind: 'other', message: e.message };
}

export interface SessionDeps {
  supabase: Supabase;
  store: AppStore;
  toast: ToastApi;
  i18n: I18n;
  /** Applies a locale to the page (store, storage, i18n, <html lang>). */
  applyLocale: (l: Locale) => void;
}

export function watchSession({ supabase, store, toast, i18n, applyLocale }: SessionDeps) {
  const t = (k: string) => i18n.t(k, { ns: 'shell' });
  let initialResolved = false;
  // The page already knew its visitor had no session (the client loads on demand): a session found
  // when the client starts was just created (in another tab) and counts as signing in now.
  const knownVisitor = store.getState().auth.status === 'signedOut';
  let channel: RealtimeChannel | null = null;
  let row: ProfileRow | null = null;
  let currentSession: Session | null = null;
  let signingOut = false;
  // The user was told why they were signed out: once per session, whichever path saw it first.
  let explained = false;
  let realtimeStatus = 'closed';
  // Events are handled one at a time, outside supabase-js's auth lock.
  let queue: Promise<void> = Promise.resolve();

  const authClient = supabase.auth as unknown as { lastRefreshFailure?: unknown };
  const keeper = new SessionKeeper({
    refresh: async () => {
      // supabase-js caches a failed refresh for 60 s; our backoff policy decides when to retry.
      if ('lastRefreshFailure' in authClient) authClient.lastRefreshFailure = null;
      const { data, error } = await supabase.auth.refreshSession();
      if (error) {
        const c = classifyAuthError(error);
        // supabase-js forgets the session itself on such an answer, and its SIGNED_OUT may be handled
        // first (stopping the keeper, which then says nothing): sign out here, with the reason.
        if (c.kind === 'fatal') void forceSignOut(c.code);
        return c;
      }
      if (!data.session) return { ok: false, kind: 'other' };
      return { ok: true, session: keptSession(data.session) };
    },
    signOut: (code) => void forceSignOut(code),
  });

  const profileFor = (session: Session): Profile =>
    mergeProfileRow(
      profileFromClaims(session.user.id, session.user.email || null, decodeClaims(session.access_token)),
      row,
    );

  const unsubscribe = () => {
    if (channel) void supabase.removeChannel(channel);
    channel = null;
    realtimeStatus = 'closed';
  };

  async function forceSignOut(code: FatalAuthCode | 'disabled') {
    if (signingOut || explained) return;
    signingOut = true;
    explained = true;
    try {
      unsubscribe();
      keeper.stop();
      if (code === 'user_not_found') toast.error(t('auth.noAccount'));
      else if (code === 'user_banned' || code === 'disabled') toast.warning(t('auth.disabled'));
      else toast.info(t('auth.sessionEnded'));
      // The server already ended the session: only forget it here.
      await supabase.auth.signOut({ scope: 'local' });
      clearOfflineData();
    } catch (e) {
      console.warn('[shell] sign-out failed', e);
    } finally {
      signingOut = false;
      // SIGNED_OUT normally does this; make sure even if the client had nothing to remove.
      if (store.getState().auth.status !== 'signedOut') store.dispatch(authSlice.actions.signedOut());
    }
  }

  /** A profile row read now or pushed by the live subscription: signs out a disabled user, else updates the profile. */
  function applyRow(userId: string, next: ProfileRow | null) {
    if (!next || next.id !== userId || !currentSession || currentSession.user.id !== userId) return;
    const previousLanguage = row?.language;
    row = next;
    if (next.is_disabled === true) {
      void forceSignOut('disabled');
      return;
    }
    const profile = profileFor(currentSession);
    store.dispatch(authSlice.actions.profileLoaded(profile));
    if (next.language !== previousLanguage && !currentSession.user.is_anonymous) applyLocale(profile.language);
  }

  /**
   * The live profile, by Broadcast from the database (hosted's recommendation for per-user changes): a trigger
   * sends each change of the row to the private topic `profile:<id>`, which only this user may join (migration
   * `20261204200000_live_profile_broadcast.sql`). A change is pushed only once the channel has joined, so
   * whatever changed between reading the row and the join (or while the socket was away and rejoining) would be
   * lost: the row is read again each time the channel (re)joins.
   */
  function subscribe(userId: string) {
    unsubscribe();
    const ch = supabase
      .channel(`profile:${userId}`, { config: { private: true } })
      .on('broadcast', { event: 'UPDATE' }, (message) => {
        const record = (message.payload as { record?: ProfileRow } | undefined)?.record;
        if (record) applyRow(userId, record);
      });
    channel = ch;
    ch.subscribe((status) => {
      if (channel !== ch) return;
      realtimeStatus = status === 'SUBSCRIBED' ? 'joined' : String(status).toLowerCase();
      if (status === 'SUBSCRIBED') void reread(userId, ch);
    });
  }

  async function reread(userId: string, ch: RealtimeChannel) {
    try {
      const next = await fetchProfileRow(supabase, userId);
      // Still this user's subscription (not signed out or replaced meanwhile).
      if (channel === ch) applyRow(userId, next);
    } catch (e) {
      // Unreachable now: the next rejoin (or the next change) tries again.
      console.warn('[shell] profile row not re-read after (re)join', e);
    }
  }

  /** Profile initialisation: forced refresh, claims, row, language, lists. */
  async function initProfile(session: Session, applyLanguage: boolean) {
    const userId = session.user.id;
    let s = session;
    // The current auth user first, with the token still in hand: an account deleted on the server
    // answers user_not_found here ("No account associated with this email").
    const { error: userError } = await supabase.auth.getUser();
    if (userError) {
      const c = classifyAuthError(userError);
      if (c.kind === 'fatal') {
        await forceSignOut(c.code);
        return;
      }
    }
    const { data, error } = await supabase.auth.refreshSession();
    if (error) {
      const c = classifyAuthError(error);
      if (c.kind === 'fatal') {
        await forceSignOut(c.code);
        return;
      }
      console.warn('[shell] token refresh at sign-in failed; using the current token', error);
    } else if (data.session) {
      s = data.session;
    }
    if (store.getState().auth.user?.id !== userId) return;
    currentSession = s;
    try {
      row = await fetchProfileRow(supabase, userId);
    } catch (e) {
      console.warn('[shell] profile row not loaded', e);
      row = null;
    }
    if (store.getState().auth.user?.id !== userId) return;
    if (row?.is_disabled === true) {
      await forceSignOut('disabled');
      return;
    }
    const profile = profileFor(s);
    store.dispatch(authSlice.actions.profileLoaded(profile));
    // The account's language wins at sign-in (anonymous guests keep the page's language).
    if (applyLanguage && row && !s.user.is_anonymous && profile.language !== store.getState().ui.locale)
      applyLocale(profile.language);
    subscribe(userId);
    void loadLists(userId, profile);
  }

  async function loadLists(userId: string, profile: Profile) {
    const [myCustomers, moderated, partnerStaff] = await Promise.all([
      loadMyCustomers(supabase, userId),
      loadModerated(supabase, profile.moderator),
      loadIsPartnerStaff(supabase),
    ]);
    store.dispatch(authSlice.actions.customersLoaded({ userId, myCustomers, moderated, partnerStaff }));
  }

  async function handle(event: AuthChangeEvent, session: Session | null) {
    if (event === 'INITIAL_SESSION') initialResolved = true;
    if (!session) {
      if (event === 'INITIAL_SESSION' || event === 'SIGNED_OUT') {
        currentSession = null;
        row = null;
        unsubscribe();
        keeper.stop();
        if (store.getState().auth.status !== 'signedOut') store.dispatch(authSlice.actions.signedOut());
      }
      return;
    }
    const known = store.getState().auth.user;
    keeper.track(keptSession(session));
    if (known?.id !== session.user.id) {
      // A new user for this page: restored at load, or signed in now (dialog, another tab).
      // A page that knew its visitor had no session: whatever session appears is a sign-in now, even a
      // SIGNED_IN that another tab's broadcast delivers before the client's INITIAL_SESSION.
      const kind =
        (event === 'SIGNED_IN' && (initialResolved || knownVisitor)) || (event === 'INITIAL_SESSION' && knownVisitor)
          ? 'interactive'
          : 'restored';
      currentSession = session;
      row = null;
      explained = false;
      store.dispatch(authSlice.actions.signedIn({ user: toPlatformUser(session), kind }));
      await initProfile(session, true);
      return;
    }
    currentSession = session;
    store.dispatch(authSlice.actions.userUpdated(toPlatformUser(session)));
    // A refreshed token may carry new claims (a customer created, a moderator added).
    if (event === 'TOKEN_REFRESHED' && store.getState().auth.profile) {
      const profile = profileFor(session);
      const before = store.getState().auth.profile;
      store.dispatch(authSlice.actions.profileLoaded(profile));
      if (JSON.stringify(before?.moderator) !== JSON.stringify(profile.moderator))
        void loadLists(session.user.id, profile);
    }
  }

  const { data: sub } = supabase.auth.onAuthStateChange((event, session) => {
    setTimeout(() => {
      queue = queue.then(() => handle(event, session)).catch((e) => console.error('[shell] auth state', e));
    }, 0);
  });

  const wake = () => {
    if (typeof document === 'undefined' || document.visibilityState === 'visible') keeper.wake();
  };
  if (typeof window !== 'undefined') {
    document.addEventListener('visibilitychange', wake);
    window.addEventListener('online', wake);
  }

  return {
    keeper,
    /** 'joined' while the live profile subscription is up (diagnostics and browser tests). */
    realtimeStatus: () => realtimeStatus,
    /** Re-reads claims (forced refresh), the profile row and the lists (after creating a customer). */
    refreshProfile: async () => {
      const { data } = await supabase.auth.getSession();
      if (!data.session) return;
      await initProfile(data.session, false);
    },
    signOut: async () => {
      unsubscribe();
      keeper.stop();
      clearOfflineData();
      const { error } = await supabase.auth.signOut();
      // Already gone on the server (or unreachable): forget it locally anyway.
      if (error) await supabase.auth.signOut({ scope: 'local' });
    },
    stop: () => {
      sub.subscription.unsubscribe();
      unsubscribe();
      keeper.stop();
      if (typeof window !== 'undefined') {
        document.removeEventListener('visibilitychange', wake);
        window.removeEventListener('online', wake);
      }
    },
  };
}
