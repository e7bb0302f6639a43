import type { Supabase as SupabaseClient } from '@guestmap/shared-ui/contracts';

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
