// Creating a map (RPC create_customer, atomic: customer + first moderator + list entry + home customer).
import type { Supabase as SupabaseClient } from '@guestmap/shared-ui/contracts';

export interface NewCustomer {
  id: string;
  name: string;
  kind: 'city' | 'hotel';
  latitude: number;
  longitude: number;
  zoom: number;
}

export async function createCustomer(supabase: SupabaseClient, c: NewCustomer): Promise<void> {
  const { error } = await supabase.rpc('create_customer', {
    p_id: c.id,
    p_name: c.name.trim(),
    p_kind: c.kind,
    p_latitude: c.latitude,
    p_longitude: c.longitude,
    p_zoom: c.zoom,
  });
  if (error) throw error;
}
