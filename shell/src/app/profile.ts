// The client-side profile (spec section 3): initialised from the access token's claims
// (is_admin, moderator, customer), then the `profiles` row merged over it. Also the user's
// customers list (user_customers, newest first) and the customers they moderate.
import type { Supabase as SupabaseClient } from '@guestmap/shared-ui/contracts';
import { normaliseLocale } from '@guestmap/shared-ui/i18n';
import type { Profile } from '@guestmap/shared-ui/contracts';
import type { CustomerSummary } from './store.ts';

export function decodeClaims(token: string): Record<string, unknown> {
  try {
    const part = token.split('.')[1] ?? '';
    const b64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
    const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
    return JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/** Copies the claims that are present into a fresh profile. */
export function profileFromClaims(userId: string, email: string | null, claims: Record<string, unknown>): Profile {
  const moderator: Record<string, boolean> = {};
  if (claims.moderator && typeof claims.moderator === 'object') {
    for (const [k, v] of Object.entries(claims.moderator as Record<string, unknown>))
      if (v === true) moderator[k] = true;
  }
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

export type ProfileRow = Record<string, unknown>;

/** The profile row's fields merged over the claims profile (the row wins where it has a value). */
export function mergeProfileRow(base: Profile, row: ProfileRow | null): Profile {
  if (!row) return base;
  const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
  return {
    ...base,
    email: str(row.email) ?? base.email,
    displayName: str(row.display_name),
    profilePictureUrl: str(row.profile_picture_url),
    isAdmin: typeof row.is_admin === 'boolean' ? row.is_admin : base.isAdmin,
    isDisabled: row.is_disabled === true,
    customer: str(row.customer) ?? base.customer,
    language: normaliseLocale(row.language) ?? base.language,
  };
}

export async function fetchProfileRow(supabase: SupabaseClient, userId: string): Promise<ProfileRow | null> {
  const { data, error } = await supabase.from('profiles').select('*').eq('id', userId).maybeSingle();
  if (error) throw error;
  return (data as ProfileRow | null) ?? null;
}

function summary(row: Record<string, unknown>): CustomerSummary {
  const kind = row.kind === 'city' || row.kind === 'hotel' ? row.kind : null;
  return {
    id: String(row.id),
    name: typeof row.name === 'string' && row.name ? row.name : String(row.id),
    kind,
    logoUrl: typeof row.logo_url === 'string' ? row.logo_url : null,
  };
}

async function customersByIds(supabase: SupabaseClient, ids: string[]): Promise<CustomerSummary[]> {
  if (ids.length === 0) return [];
  const { data, error } = await supabase.from('customers').select('id, name, kind, logo_url').in('id', ids);
  if (error) throw error;
  const byId = new Map(
    (data ?? []).map((r) => [String((r as Record<string, unknown>).id), summary(r as Record<string, unknown>)]),
  );
  // Keep the caller's order; customers the user can no longer read are left out.
  return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
}

/**
 * The user's customers: user_customers ordered by created_at descending, then each customer.
 * A failure is logged and yields an empty list (spec section 8).
 */
export async function loadMyCustomers(supabase: SupabaseClient, userId: string): Promise<CustomerSummary[]> {
  try {
    const { data, error } = await supabase
      .from('user_customers')
      .select('customer_id, created_at')
      .eq('user_id', userId)
      .order('created_at', { ascending: false });
    if (error) throw error;
    return await customersByIds(
      supabase,
      (data ?? []).map((r) => String((r as Record<string, unknown>).customer_id)),
    );
  } catch (e) {
    console.error('[shell] listing the user\u2019s customers failed', e);
    return [];
  }
}

/** Whether the user is staff of a partner business (issue #27: the account menu links to the partner portal).
 *  A failure is logged and reads as "no". */
export async function loadIsPartnerStaff(supabase: SupabaseClient): Promise<boolean> {
  try {
    const { data, error } = await supabase.rpc('my_partners');
    if (error) throw error;
    return Array.isArray(data) && data.length > 0;
  } catch (e) {
    console.error('[shell] listing partner businesses failed', e);
    return false;
  }
}

/** The customers whose dashboards the user may open as a moderator (sorted by name). */
export async function loadModerated(
  supabase: SupabaseClient,
  moderator: Record<string, boolean>,
): Promise<CustomerSummary[]> {
  try {
    const list = await customersByIds(
      supabase,
      Object.keys(moderator).filter((k) => moderator[k]),
    );
    return list.sort((a, b) => a.name.localeCompare(b.name));
  } catch (e) {
    console.error('[shell] listing moderated customers failed', e);
    return [];
  }
}
