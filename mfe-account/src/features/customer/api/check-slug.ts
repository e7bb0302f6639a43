// The live check of a new map's slug (RPC check_customer_slug): free, badly formed, reserved or taken.
import type { Supabase as SupabaseClient } from '@guestmap/shared-ui/contracts';

export type SlugStatus = 'ok' | 'slug_format' | 'slug_reserved' | 'slug_taken';

export async function checkSlug(supabase: SupabaseClient, slug: string): Promise<SlugStatus> {
  const { data, error } = await supabase.rpc('check_customer_slug', { p_id: slug });
  if (error) throw error;
  return data as SlugStatus;
}
