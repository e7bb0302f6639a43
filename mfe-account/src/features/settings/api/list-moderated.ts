import type { Supabase as SupabaseClient } from '@guestmap/shared-ui/contracts';

/** Customers the user moderates, from the membership table (the token's claim may lag behind). */
export async function listModerated(supabase: SupabaseClient, userId: string): Promise<string[]> {
  const { data, error } = await supabase.from('customer_moderators').select('customer_id').eq('user_id', userId);
  if (error) throw error;
  return ((data ?? []) as Array<{ customer_id: string }>).map((r) => r.customer_id);
}
