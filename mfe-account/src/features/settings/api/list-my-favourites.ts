// The user's favourite places, newest first (favourites with each place's title, category and map).
import type { Supabase as SupabaseClient } from '@guestmap/shared-ui/contracts';

export interface MyFavourite {
  activityId: string;
  slug: string;
  title: Record<string, string>;
  category: string;
  customerId: string;
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
