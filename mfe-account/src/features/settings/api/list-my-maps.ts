// The user's maps (user_customers with each customer's name and kind); RLS shows only their own rows.
import type { Supabase as SupabaseClient } from '@guestmap/shared-ui/contracts';

export interface MyMap {
  id: string;
  name: string;
  kind: 'city' | 'hotel';
  addedAt: string;
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
