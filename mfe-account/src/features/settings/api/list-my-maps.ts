// Server operations of the user screens, through the page's one Supabase client (RLS decides).
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Locale } from '@guestmap/shared-ui/contracts';

export interface MyMap {
  id: string;
  name: string;
  kind: 'city' | 'hotel';
  addedAt: string;
}

export interface MyFavourite {
  activityId: string;
  slug: string;
  title: Record<string, string>;
  category: string;
  customerId: string;
}

/** The user's maps, newest first (the spec's customers subcollection ordered by createdAt desc). */
export async function listMyMaps(supabase: SupabaseClient, userId: string): Promise<MyMap[]> {
  const { data, error } = await supabase
    .from('user_customers')
    .select('customer_id, created_at, customers(id, name, kind)')
    .eq('user_id', userId)
    .order('created_at', { ascending: false });
  if (error) throw error;
  type Row = {
    customer_id: string;
    created_at: string;
    customers: { id: string; name: string; kind: 'city' | 'hotel' } | null;
  };
  return ((data ?? []) as unknown as Row[])
    .filter((r) => r.customers)
    .map((r) => ({ id: r.customer_id, name: r.customers!.name, kind: r.customers!.kind, addedAt: r.created_at }));
}

/** Customers the user moderates, from the membership table (the token's claim may lag behind). */
export async function listModerated(supabase: SupabaseClient, userId: string): Promise<string[]> {
  const { data, error } = await supabase.from('customer_moderators').select('customer_id').eq('user_id', userId);
  if (error) throw error;
  return ((data ?? []) as Array<{ customer_id: string }>).map((r) => r.customer_id);
}

export async function listMyFavourites(supabase: SupabaseClient, userId: string): Promise<MyFavourite[]> {
  const { data, error } = await supabase
    .from('favourites')
    .select('activity_id, created_at, activities(id, slug, title, category, customer_id)')
    .eq('user_id', userId)
    .order('created_at', { ascending: false });
  if (error) throw error;
  type Row = {
    activity_id: string;
    activities: {
      id: string;
      slug: string;
      title: Record<string, string>;
      category: string;
      customer_id: string;
    } | null;
  };
  return ((data ?? []) as unknown as Row[])
    .filter((r) => r.activities)
    .map((r) => ({
      activityId: r.activity_id,
      slug: r.activities!.slug,
      title: r.activities!.title,
      category: r.activities!.category,
      customerId: r.activities!.customer_id,
    }));
}

/** Updates the caller's own profile row; fails when no row was changed (RLS, disabled account). */
export async function updateProfile(
  supabase: SupabaseClient,
  userId: string,
  patch: { display_name?: string; language?: Locale; profile_picture_url?: string },
) {
  const { error } = await supabase.from('profiles').update(patch).eq('id', userId).select('id').single();
  if (error) throw error;
}

/** Uploads an avatar under avatars/<uid>/ and returns its public URL; older avatars are removed. */
export async function uploadAvatar(supabase: SupabaseClient, userId: string, image: Blob): Promise<string> {
  const bucket = supabase.storage.from('avatars');
  const name = `avatar-${Date.now().toString(36)}.jpg`;
  const path = `${userId}/${name}`;
  const { error } = await bucket.upload(path, image, {
    contentType: 'image/jpeg',
    cacheControl: '31536000',
    upsert: false,
  });
  if (error) throw error;
  return bucket.getPublicUrl(path).data.publicUrl;
}

export async function removeOldAvatars(supabase: SupabaseClient, userId: string, keepUrl: string) {
  const bucket = supabase.storage.from('avatars');
  const { data } = await bucket.list(userId, { limit: 100 });
  const old = (data ?? []).map((o) => `${userId}/${o.name}`).filter((p) => !keepUrl.endsWith(`/${p}`));
  if (old.length) await bucket.remove(old);
}

/** A partner business the user is staff of (issue #27: accepted a 'partner_staff' invitation). */
export interface MyPartner {
  activityId: string;
  customerId: string;
  title: Record<string, string> | string | null;
  hotelName: string;
}

export async function listMyPartners(supabase: SupabaseClient): Promise<MyPartner[]> {
  const { data, error } = await supabase.rpc('my_partners');
  if (error) throw error;
  type Row = { activity_id: string; customer_id: string; title: MyPartner['title']; hotel_name: string };
  return ((data ?? []) as Row[]).map((r) => ({
    activityId: r.activity_id,
    customerId: r.customer_id,
    title: r.title,
    hotelName: r.hotel_name,
  }));
}
