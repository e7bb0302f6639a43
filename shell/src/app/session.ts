// Tracks the Supabase session and loads the profile (claims from the token, then the profile row).
import type { SupabaseClient, Session } from '@supabase/supabase-js';
import { normaliseLocale } from '@guestmap/shared-ui/i18n';
import type { Profile, PlatformUser } from '@guestmap/shared-ui/contracts';
import { authSlice, type AppStore } from './store.ts';

function decodeClaims(token: string): Record<string, unknown> {
  try {
    const part = token.split('.')[1] ?? '';
    const json = decodeURIComponent(
      atob(part.replace(/-/g, '+').replace(/_/g, '/'))
        .split('')
        .map((c) => '%' + ('00' + c.charCodeAt(0).toString(16)).slice(-2))
        .join(''),
    );
    return JSON.parse(json) as Record<string, unknown>;
  } catch {
    return {};
  }
}

export function profileFromClaims(userId: string, email: string | null, claims: Record<string, unknown>): Profile {
  const moderator = claims.moderator && typeof claims.moderator === 'object' ? (claims.moderator as Record<string, boolean>) : {};
  return {
    id: userId,
    email,
    displayName: null,
    profilePictureUrl: null,
    isAdmin: claims.is_admin === true,
    isDisabled: false,
    customer: typeof claims.customer === 'string' ? claims.customer : null,
    language: 'en-US',
    moderator,
  };
}

export async function loadProfile(supabase: SupabaseClient, session: Session): Promise<Profile> {
  const u = session.user;
  const base = profileFromClaims(u.id, u.email ?? null, decodeClaims(session.access_token));
  const { data } = await supabase.from('profiles').select('*').eq('id', u.id).maybeSingle();
  if (!data) return base;
  const row = data as Record<string, unknown>;
  return {
    ...base,
    email: (row.email as string | null) ?? base.email,
    displayName: (row.display_name as string | null) ?? null,
    profilePictureUrl: (row.profile_picture_url as string | null) ?? null,
    isAdmin: typeof row.is_admin === 'boolean' ? row.is_admin : base.isAdmin,
    isDisabled: row.is_disabled === true,
    customer: (row.customer as string | null) ?? base.customer,
    language: normaliseLocale(row.language) ?? base.language,
  };
}

export function toPlatformUser(session: Session): PlatformUser {
  return { id: session.user.id, email: session.user.email || null, isAnonymous: session.user.is_anonymous === true };
}

export function watchSession(supabase: SupabaseClient, store: AppStore) {
  const apply = async (session: Session | null) => {
    if (!session) {
      store.dispatch(authSlice.actions.signedOut());
      return;
    }
    const user = toPlatformUser(session);
    store.dispatch(authSlice.actions.signedIn({ user, profile: store.getState().auth.profile?.id === user.id ? store.getState().auth.profile : null }));
    try {
      store.dispatch(authSlice.actions.profileLoaded(await loadProfile(supabase, session)));
    } catch (e) {
      console.warn('[shell] profile not loaded', e);
    }
  };
  supabase.auth.onAuthStateChange((event, session) => {
    if (event === 'INITIAL_SESSION' || event === 'SIGNED_IN' || event === 'SIGNED_OUT' || event === 'USER_UPDATED' || event === 'TOKEN_REFRESHED') {
      // Leave the auth callback before querying (supabase-js holds a lock during it).
      setTimeout(() => void apply(session), 0);
    }
  });
  return {
    refreshProfile: async () => {
      const { data } = await supabase.auth.refreshSession();
      await apply(data.session);
    },
    signOut: async () => {
      await supabase.auth.signOut();
    },
  };
}
