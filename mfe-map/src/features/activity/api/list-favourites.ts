// The signed-in user's favourite places (table favourites, own rows only under RLS).
import type { Db } from '@guestmap/shared-ui/contracts';

export async function listFavourites(db: Db, userId: string): Promise<string[]> {
  const { data, error } = await db.from('favourites').select('activity_id').eq('user_id', userId);
  if (error) throw error;
  return (data ?? []).map((r) => r.activity_id);
}
